import { randomInt } from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH, isEventCode } from '@afterglow/contracts';

/** A 6-character code from the look-alike-free alphabet, from a CSPRNG. */
export function newEventCode(): string {
  let s = '';
  for (let i = 0; i < CODE_LENGTH; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return s;
}

/** Lower-case, ASCII, dash-separated, with a short random tail so two "Anna's Wedding"s differ. */
export function newSlug(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/g, '');
  let tail = '';
  for (let i = 0; i < 6; i++) tail += 'abcdefghjkmnpqrstuvwxyz23456789'[randomInt(31)];
  return base ? `${base}-${tail}` : `event-${tail}`;
}

/** Codes are typed by people: accept lower case and stray spaces, answer null when it cannot be a code. */
export function normalizeCode(raw: string): string | null {
  const c = raw.replace(/\s+/g, '').toUpperCase();
  return isEventCode(c) ? c : null;
}
