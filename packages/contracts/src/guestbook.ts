import { z } from 'zod';
import './jitless';
import { GUESTBOOK_MESSAGES, GUESTBOOK_STATUSES, GUESTBOOK_TEXT_MAX } from './guestbook-rules';
import { REPORT_REASON_KEYS } from './report-rules';
import { cleanText } from './text';

/**
 * The guestbook's bodies and queries (issue 23). The constants, codes, messages and answers' shapes
 * are zod-free in guestbook-rules.ts (the guest's pages read them without zod).
 */

const deviceId = z.uuid({ error: GUESTBOOK_MESSAGES.deviceRequired });
/** client-made id (UUID): a message retried from the offline queue is one entry */
const uploadId = z.uuid({ error: 'uploadId must be a UUID' }).optional();

/** `POST /api/events/{code}/guestbook` as JSON: a written message. */
export const guestbookTextSchema = z.object({
  deviceId,
  text: z
    .string({ error: GUESTBOOK_MESSAGES.textRequired })
    .overwrite(cleanText)
    .trim()
    .min(1, GUESTBOOK_MESSAGES.textRequired)
    // characters as people count them: an emoji is one
    .refine((t) => [...t].length <= GUESTBOOK_TEXT_MAX, GUESTBOOK_MESSAGES.textMax),
  uploadId,
});
export type GuestbookTextBody = z.input<typeof guestbookTextSchema>;

/** `POST /api/events/{code}/guestbook` as multipart: the text parts beside the `audio` file. */
export const guestbookVoiceFieldsSchema = z.object({ deviceId, uploadId });

/** `GET /api/events/{code}/guestbook`: one page, newest first; the host may ask for one status. */
export const guestbookListQuerySchema = z.object({
  status: z.enum(GUESTBOOK_STATUSES, { error: 'status must be pending, approved or rejected' }).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  cursor: z.string().max(200).optional(),
});

/** `POST /api/guestbook/{id}/report`: a guest's report, from a device of the entry's event. */
export const reportGuestbookEntrySchema = z.object({
  deviceId: z.uuid({ error: 'A report must carry a device id' }),
  reason: z.enum(REPORT_REASON_KEYS, { error: GUESTBOOK_MESSAGES.reportReason }),
});

/** `DELETE /api/guestbook/{id}?deviceId=…`: the author's own entry, before the reveal. */
export const guestbookDeleteQuerySchema = z.object({ deviceId });
