import type { Messages } from './message';

// The pseudo-locale (en-XA): English made about 40 % longer and accented, placeholders kept, so a
// phone-sized browser test finds text that is cut off or overflows. Loaded only when picked.

const ACCENTS: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  c: 'ç',
  n: 'ñ',
  s: 'š',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  E: 'É',
  I: 'Î',
  O: 'Ø',
  U: 'Ü',
  C: 'Ç',
  N: 'Ñ',
  S: 'Š',
  Y: 'Ý',
  Z: 'Ž',
};

type Part = string | [string, string?, unknown?];

function walk(parts: unknown, count: { letters: number }): unknown {
  if (typeof parts === 'string') {
    count.letters += (parts.match(/[a-zA-Z]/g) ?? []).length;
    return parts.replace(/[a-zA-Z]/g, (ch) => ACCENTS[ch] ?? ch);
  }
  if (!Array.isArray(parts)) return parts;
  return (parts as Part[]).map((p) => {
    if (typeof p === 'string') return walk(p, count);
    // [name] or [name, 'plural'|'select', {case: parts}]
    const [name, type, cases] = p;
    if (cases && typeof cases === 'object' && !Array.isArray(cases))
      return [name, type, Object.fromEntries(Object.entries(cases).map(([k, v]) => [k, walk(v, count)]))];
    return p;
  });
}

/** `n` characters of padding in words of at most five, so lines still break where a language's would. */
const pad = (n: number) =>
  ('~~~~~ '.repeat(Math.ceil(n / 5)).slice(0, n + Math.floor((n - 1) / 5)) || '').trim();

export function pseudoLocalize(messages: Messages): Messages {
  return Object.fromEntries(
    Object.entries(messages).map(([id, compiled]) => {
      const count = { letters: 0 };
      const body = walk(typeof compiled === 'string' ? [compiled] : compiled, count) as Part[];
      return [id, ['[', ...body, ` ${pad(Math.ceil(count.letters * 0.4))}]`]];
    }),
  ) as Messages;
}
