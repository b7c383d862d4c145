import { z } from 'zod';
import './jitless';

/**
 * ZIP export of an event's originals (ADR 016): `GET /api/events/{id}/export` lists the parts,
 * `GET /api/events/{id}/export/{part}` streams one of them.
 */

/** Problem codes of the export routes. */
export const EXPORT_PROBLEMS = {
  /** the host's plan does not include ZIP export (403) */
  planNoZipExport: 'plan_no_zip_export',
  /** the photos changed since the manifest named this version (409): list the parts again */
  changed: 'export_changed',
  /** no such part in the export as it stands (404) */
  noSuchPart: 'export_part_not_found',
} as const;

/** What every export holds, as the dialog and docs say it. */
export const EXPORT_INCLUDES =
  'Every photo you have not rejected: approved and still pending ones, as the guests took them.';

/** The one file at the root of part 1, listing every photo of the export. */
export const EXPORT_CSV_NAME = 'photos.csv';
export const EXPORT_CSV_COLUMNS = [
  'file',
  'guest',
  'caption',
  'taken_at_utc',
  'taken_at_local',
  'time_zone',
  'status',
] as const;

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

/** `<event-slug>-<CODE>.zip`, or `…-part-1-of-2.zip` when the export has several parts. */
export function exportFileName(slug: string, code: string, part: number, parts: number): string {
  return parts > 1 ? `${slug}-${code}-part-${part}-of-${parts}.zip` : `${slug}-${code}.zip`;
}
