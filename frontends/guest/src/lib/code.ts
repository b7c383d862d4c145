import { CODE_LENGTH } from '@afterglow/contracts';

export { CODE_LENGTH };

/** What a code field accepts: letters and digits only, uppercased, at most 6 characters. */
export function normalizeCode(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, CODE_LENGTH);
}

export const isCompleteCode = (code: string) => /^[A-Z0-9]{6}$/.test(code);

/**
 * The event code inside a scanned QR value: a join link (…/join/{code}) or, failing that, a bare code.
 * Answers null for anything else.
 */
export function codeFromScan(value: string): string | null {
  const text = value.trim();
  try {
    const url = new URL(text);
    const m = url.pathname.match(/\/join\/([A-Za-z0-9]{6})\/?$/);
    return m ? m[1]!.toUpperCase() : null;
  } catch {
    return /^[A-Za-z0-9]{6}$/.test(text) ? text.toUpperCase() : null;
  }
}
