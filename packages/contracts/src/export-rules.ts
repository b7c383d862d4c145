// No zod here: the host's export dialog uses these, and a schema would bring zod into its bundle.

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

/** `<event-slug>-<CODE>.zip`, or `…-part-1-of-2.zip` when the export has several parts. */
export function exportFileName(slug: string, code: string, part: number, parts: number): string {
  return parts > 1 ? `${slug}-${code}-part-${part}-of-${parts}.zip` : `${slug}-${code}.zip`;
}
