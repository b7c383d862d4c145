import { z } from 'zod';
import './jitless';

/**
 * ZIP export of an event's originals (ADR 016): `GET /api/events/{id}/export` lists the parts,
 * `GET /api/events/{id}/export/{part}` streams one of them.
 */

export * from './export-rules';

export const exportPartSchema = z.object({
  /** 1-based */
  number: z.number().int().min(1),
  /** the exact size of the ZIP file (its Content-Length) */
  bytes: z.number().int().min(0),
  photoCount: z.number().int().min(0),
  fileName: z.string().min(1),
  /** where to download it; carries the manifest's version */
  url: z.string().min(1),
});
export type ExportPart = z.infer<typeof exportPartSchema>;

export const exportManifestSchema = z.object({
  eventId: z.uuid(),
  /** changes whenever what the export holds changes (a photo added, moderated, deleted…) */
  version: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  photoCount: z.number().int().min(0),
  /** the guestbook's entries in it (issue 23): `guestbook.csv` and the voice messages */
  guestbookCount: z.number().int().min(0),
  guestCount: z.number().int().min(0),
  /** the originals' bytes */
  originalBytes: z.number().int().min(0),
  /** every part's bytes together */
  totalBytes: z.number().int().min(0),
  /** the most a part holds (AFTERGLOW_EXPORT_PART_MB); a single larger photo gets a part of its own */
  partLimitBytes: z.number().int().min(1),
  parts: z.array(exportPartSchema),
});
export type ExportManifest = z.infer<typeof exportManifestSchema>;

export const exportPartParamsSchema = z.object({
  id: z.string().min(1).max(64),
  part: z.coerce
    .number({ error: 'part must be a number' })
    .int('part must be a whole number')
    .min(1, 'part starts at 1')
    .max(100_000),
});
export const exportPartQuerySchema = z.object({
  /** the manifest's version the part was listed under; a changed export answers 409 */
  v: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'v must be a manifest version')
    .optional(),
});
