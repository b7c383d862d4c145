// The one part of a message runtime a page needs: putting values into a message compiled ahead of
// time (frontends/i18n-loader.mjs, Lingui's compiler and its compiled form). Lingui's own runtime
// carries date and number helpers, an event emitter and a fallback compiler that pages never use:
// 3.7 KB gzip on every guest page, where this is a fraction of one (docs/adr/032-languages.md).

/**
 * A compiled message: text, `[name]` for a value, `[name, 'plural' | 'selectordinal' | 'select',
 * cases]` (a case keyed by its category, or by its exact number, `offset` beside them), or
 * `[name, 'number' | 'date' | 'time', style?]`.
 */
export type CompiledMessage = string | CompiledPart[];
export type CompiledPart = string | [string, string?, unknown?];
export type Messages = Record<string, CompiledMessage>;

const cache = new Map<string, Intl.PluralRules | Intl.NumberFormat | Intl.DateTimeFormat>();
function intl<T>(key: string, make: () => T): T {
  let v = cache.get(key) as T | undefined;
  if (!v) cache.set(key, (v = make()) as never);
  return v;
}
const plurals = (locale: string, type: Intl.PluralRuleType) =>
  intl(`p${type}${locale}`, () => new Intl.PluralRules(locale, { type }));
const numbers = (locale: string, style = '') =>
  intl(
    `n${style}${locale}`,
    () =>
      new Intl.NumberFormat(
        locale,
        style === 'percent' ? { style: 'percent' } : style === 'integer' ? { maximumFractionDigits: 0 } : {},
      ),
  );
const dates = (locale: string, type: string, style = '') =>
  intl(
    `d${type}${style}${locale}`,
    () =>
      new Intl.DateTimeFormat(
        locale,
        type === 'time'
          ? { timeStyle: (style || 'short') as 'short' }
          : { dateStyle: (style || 'medium') as 'medium' },
      ),
  );

/** A compiled message with its values, in `locale` (`#` is the plural's number, as the locale writes it). */
export function formatMessage(
  message: CompiledMessage,
  locale: string,
  values: Record<string, unknown> = {},
  count?: number,
): string {
  if (typeof message === 'string') return message;
  let out = '';
  for (const part of message) {
    if (typeof part === 'string') {
      out += part === '#' && count !== undefined ? numbers(locale).format(count) : part;
      continue;
    }
    const [name, type, arg] = part;
    const value = values[name];
    if (!type) out += value === undefined || value === null ? '' : String(value);
    else if (type === 'plural' || type === 'selectordinal') {
      const cases = arg as Record<string, CompiledMessage> & { offset?: number };
      const n = Number(value);
      const shown = n - (cases.offset ?? 0);
      const rule = plurals(locale, type === 'plural' ? 'cardinal' : 'ordinal').select(shown);
      out += formatMessage(cases[String(n)] ?? cases[rule] ?? cases.other ?? '', locale, values, shown);
    } else if (type === 'select') {
      const cases = arg as Record<string, CompiledMessage>;
      out += formatMessage(cases[String(value)] ?? cases.other ?? '', locale, values, count);
    } else if (type === 'number') out += numbers(locale, arg as string).format(Number(value));
    else out += dates(locale, type, arg as string).format(value as Date);
  }
  return out;
}
