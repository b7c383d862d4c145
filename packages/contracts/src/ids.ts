// No zod here: the guest's pages check ids and codes with these, and a schema would bring zod into
// their bundle.
import { CODE_LENGTH } from './catalog';

/**
 * A UUID as every schema here accepts it: zod's `z.uuid()` pattern (RFC 9562 versions 1-8, nil and
 * max), any case. Ids the database, `crypto.randomUUID` and the guest's fallback make all match it.
 * `isUuid` answers before a uuid column is compared with a string (anything else is a query error).
 */
export const UUID_PATTERN =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
export const isUuid = (s: string): boolean => UUID_PATTERN.test(s);

/** The characters an event code is written with, as a RegExp character range (codes are uppercase). */
export const CODE_CHARS = 'A-Z0-9';
/** An event code: 6 of those characters. Typed or scanned codes are uppercased before they are checked. */
export const CODE_PATTERN = new RegExp(`^[${CODE_CHARS}]{${CODE_LENGTH}}$`);
export const isEventCode = (s: string): boolean => CODE_PATTERN.test(s);
const NOT_CODE_CHAR = new RegExp(`[^${CODE_CHARS}]`, 'g');
/** What a code field holds as it is typed: letters and digits only, uppercased, at most 6 of them. */
export const typedCode = (raw: string): string =>
  raw.toUpperCase().replace(NOT_CODE_CHAR, '').slice(0, CODE_LENGTH);
/** The same, inside a longer pattern (a path), matching either case. */
export const CODE_SOURCE = `[${CODE_CHARS}${CODE_CHARS.toLowerCase()}]{${CODE_LENGTH}}`;
