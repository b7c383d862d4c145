import { msg, type MessageDescriptor } from '@afterglow/ui';
import type { GALLERY_NOT_FOUND, ReportReason } from '@afterglow/contracts';

// The words of @afterglow/contracts that only the galleries show, as contract-text.ts has the others.

/** REPORT_REASONS, the report form's choices */
export const REPORT_REASON_TEXT: Record<ReportReason, MessageDescriptor> = {
  inappropriate: msg('reportReason.inappropriate', 'Nudity or sexual content'),
  offensive: msg('reportReason.offensive', 'Hurtful, hateful or violent'),
  privacy: msg('reportReason.privacy', 'I’m in it and don’t want it shown'),
  other: msg('reportReason.other', 'Something else'),
};

/** GALLERY_NOT_FOUND */
export const GALLERY_NOT_FOUND_TEXT = {
  title: msg('galleryNotFound.title', 'Gallery Not Found'),
  detail: msg('galleryNotFound.detail', "This gallery doesn't exist or is not public."),
} satisfies Partial<Record<keyof typeof GALLERY_NOT_FOUND, MessageDescriptor>>;
