// No zod here. One way to write CSV for every download (the event export's photos.csv, the back
// office's exports).

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * A cell a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return)
 * starts with an apostrophe instead, so it stays text (OWASP's CSV injection advice).
 */
export function csvCell(value: string): string {
  const v = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A byte-order mark, so spreadsheets read the file as UTF-8. */
export const CSV_BOM = '\ufeff';
