import { CODE_LENGTH, CODE_SOURCE, isEventCode, typedCode } from '@afterglow/contracts';

export { CODE_LENGTH };

const JOIN_PATH = new RegExp(`/join/(${CODE_SOURCE})/?$`);

/** What a code field accepts: letters and digits only, uppercased, at most 6 characters. */
export const normalizeCode = typedCode;

export const isCompleteCode = isEventCode;

/**
 * The event code inside a scanned QR value: a join link (…/join/{code}) or, failing that, a bare code.
 * Answers null for anything else.
 */
export function codeFromScan(value: string): string | null {
  const text = value.trim();
  try {
    const url = new URL(text);
    const m = url.pathname.match(JOIN_PATH);
    return m ? m[1]!.toUpperCase() : null;
  } catch {
    return isEventCode(text.toUpperCase()) ? text.toUpperCase() : null;
  }
}
