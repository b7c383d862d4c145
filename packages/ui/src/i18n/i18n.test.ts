import { compileMessage } from '@lingui/message-utils/compileMessage';
import { isValidElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  catalogue,
  currentLocale,
  msg,
  pickLanguage,
  setEventLanguage,
  startLanguage,
  translator,
  type CatalogueModule,
  type Translate,
} from './index';
import { formatDate, formatDateTime, formatInZone, formatMoney, formatNumber } from './format';
import { formatMessage, type CompiledMessage } from './message';

// The runtime as a remote uses it: a catalogue registered with its loader, messages shown by id with
// their English (compiled where it is written, by the same transform as the build's), the language chosen by the pick, the device's languages and the event's.

const compile = (messages: Record<string, string>) =>
  Object.fromEntries(Object.entries(messages).map(([id, m]) => [id, compileMessage(m) as CompiledMessage]));
const ENGLISH = {
  'roll.left': '{count, plural, one {# shot left} other {# shots left}}',
  'join.hello': 'Welcome to {name}',
};
const CATALOGUES: Record<string, Record<string, string>> = {
  de: {
    'join.start': 'Los geht’s',
    'roll.left': '{count, plural, one {Noch # Bild} other {Noch # Bilder}}',
    'join.hello': 'Willkommen bei {name}',
  },
  fr: {
    'join.start': 'C’est parti',
    'roll.left': '{count, plural, one {# photo restante} other {# photos restantes}}',
  },
  pl: { 'roll.left': '{count, plural, one {# zdjęcie} few {# zdjęcia} many {# zdjęć} other {# zdjęcia}}' },
};
const loads: string[] = [];
const loader = async (locale: string): Promise<CatalogueModule> => {
  loads.push(locale);
  if (locale === 'en') return { default: compile({ 'join.start': 'Start Taking Photos', ...ENGLISH }) };
  if (!CATALOGUES[locale]) throw new Error(`no ${locale} catalogue`);
  return { default: compile(CATALOGUES[locale]) };
};
catalogue('test', loader);
// The current translator, called as code calls it (\`t('id', 'English')\`), for the build's transform.
const t = Object.defineProperties(
  (a: string, b?: string, c?: Record<string, unknown>) => translator()(a as never, b as never, c),
  {
    rich: { get: () => translator().rich },
    locale: { get: () => translator().locale },
  },
) as unknown as Translate;

describe('languages runtime', () => {
  it('shows English as the code writes it, without downloading anything', async () => {
    vi.stubGlobal('navigator', { languages: ['en-GB', 'de'] });
    await startLanguage();
    expect(currentLocale()).toBe('en');
    expect(t('join.start', 'Start Taking Photos')).toBe('Start Taking Photos');
    expect(t('roll.left', '{count, plural, one {# shot left} other {# shots left}}', { count: 1 })).toBe(
      '1 shot left',
    );
    expect(t('roll.left', '{count, plural, one {# shot left} other {# shots left}}', { count: 12 })).toBe(
      '12 shots left',
    );
    expect(t(msg('join.hello', 'Welcome to {name}'), { name: 'Anna' })).toBe('Welcome to Anna');
    expect(loads).toEqual([]);
  });

  it('follows the device’s languages, and loads only the language it needs', async () => {
    vi.stubGlobal('navigator', { languages: ['de-AT', 'fr'] });
    await startLanguage();
    expect(currentLocale()).toBe('de');
    expect(loads).toEqual(['de']);
    expect(t('join.start', 'Start Taking Photos')).toBe('Los geht’s');
    expect(t('roll.left', '{count, plural, one {# shot left} other {# shots left}}', { count: 3 })).toBe(
      'Noch 3 Bilder',
    );
    expect(t.locale).toBe('de');
  });

  it('keeps plural forms of each language', async () => {
    await pickLanguage('pl');
    const left = (count: number) =>
      t('roll.left', '{count, plural, one {# shot left} other {# shots left}}', { count });
    expect([1, 3, 5, 22].map(left)).toEqual(['1 zdjęcie', '3 zdjęcia', '5 zdjęć', '22 zdjęcia']);
    // a message the language lacks reads in English, never as its id
    expect(t('join.hello', 'Welcome to {name}', { name: 'Ola' })).toBe('Welcome to Ola');
    expect(t('join.start', 'Start Taking Photos')).toBe('Start Taking Photos');
  });

  it('a pick wins over the device and the event; the event’s language over English', async () => {
    await pickLanguage('fr');
    setEventLanguage('de');
    await vi.waitFor(() => expect(currentLocale()).toBe('fr'));
    await pickLanguage(null);
    vi.stubGlobal('navigator', { languages: ['ja-JP'] });
    await startLanguage();
    expect(currentLocale()).toBe('de'); // the event's: the phone speaks none of ours
    setEventLanguage(null);
    await vi.waitFor(() => expect(currentLocale()).toBe('en'));
  });

  it('venue screens and share pages read the event’s language unless picked', async () => {
    vi.stubGlobal('navigator', { languages: ['de-DE'] });
    await startLanguage();
    expect(currentLocale()).toBe('de');
    setEventLanguage('fr', true);
    await vi.waitFor(() => expect(currentLocale()).toBe('fr'));
    await pickLanguage('de');
    expect(currentLocale()).toBe('de');
    await pickLanguage(null);
    setEventLanguage(null);
  });

  it('places elements where each language’s sentence needs them', async () => {
    await pickLanguage('de');
    const out = t.rich('join.hello', 'Welcome to {name}', { name: { type: 'strong' } as never });
    expect(Array.isArray(out)).toBe(true);
    const parts = out as unknown[];
    expect(parts[0]).toBe('Willkommen bei ');
    expect(isValidElement(parts[1])).toBe(true);
    await pickLanguage(null);
  });

  it('a language whose catalogue cannot be fetched reads in English rather than ids', async () => {
    await pickLanguage('tr');
    expect(currentLocale()).toBe('tr');
    expect(t('join.start', 'Start Taking Photos')).toBe('Start Taking Photos');
    expect(t('roll.left', '{count, plural, one {# shot left} other {# shots left}}', { count: 2 })).toBe(
      '2 shots left',
    );
    await pickLanguage(null);
  });

  it('the pseudo-locale lengthens and accents every message, placeholders kept', async () => {
    await pickLanguage('en-XA');
    const start = t('join.start', 'Start Taking Photos');
    expect(start).toMatch(/^\[Štáŕt|^\[Št/);
    expect(start.length).toBeGreaterThan('Start Taking Photos'.length * 1.3);
    expect(t('join.hello', 'Welcome to {name}', { name: 'Anna' })).toContain('Anna');
    expect(t('roll.left', '{count, plural, one {# shot left} other {# shots left}}', { count: 2 })).toContain(
      '2',
    );
    await pickLanguage(null);
  });
});

describe('dates, numbers and money', () => {
  const iso = '2026-06-14T19:05:00';
  it('English keeps the spec’s patterns', () => {
    expect(formatDate(iso, 'en')).toBe('Jun 14, 2026');
    expect(formatDateTime(iso, 'en')).toBe('Jun 14, 2026 at 7:05 PM');
    expect(formatInZone('2026-06-14T19:05:00Z', 'UTC', 'en')).toBe('Jun 14, 2026, 07:05 PM');
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatMoney(2900, 'usd', 'en')).toBe('$29');
    expect(formatMoney(2999, 'usd', 'en')).toBe('$29.99');
  });
  it('other languages as their readers write them', () => {
    expect(formatDate(iso, 'de')).toBe('14. Juni 2026');
    expect(formatInZone('2026-06-14T19:05:00Z', 'Europe/Paris', 'fr')).toContain('21:05');
    expect(formatNumber(1234, 'de')).toBe('1.234');
    expect(formatMoney(2999, 'eur', 'fr')).toMatch(/^29,99\s€$/);
    expect(formatDate(iso, 'ar')).toMatch(/٢٠٢٦|2026/);
  });
});

describe('compiled messages', () => {
  const f = (m: string, values: Record<string, unknown>, locale = 'en') =>
    formatMessage(compileMessage(m) as never, locale, values);
  it('fills values, plurals with exact cases and offsets, selects and ordinals', () => {
    expect(f('Hi {a}, {b}!', { a: 'Ann', b: 2 })).toBe('Hi Ann, 2!');
    const guests =
      '{n, plural, offset:1 =0 {nobody} =1 {{name}} one {{name} and # other} other {{name} and # others}}';
    expect([0, 1, 2, 3].map((n) => f(guests, { n, name: 'Ann' }))).toEqual([
      'nobody',
      'Ann',
      'Ann and 1 other',
      'Ann and 2 others',
    ]);
    expect(f('{g, select, host {Host} other {Guest}}', { g: 'host' })).toBe('Host');
    expect(f('{g, select, host {Host} other {Guest}}', { g: 'x' })).toBe('Guest');
    expect(f('{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', { n: 22 })).toBe('22nd');
    expect(f('{n, plural, other {# photos}}', { n: 2000 })).toBe('2,000 photos');
    expect(f('{n, plural, other {# Fotos}}', { n: 2000 }, 'de')).toBe('2.000 Fotos');
    expect(f('{n, number, percent}', { n: 0.25 })).toBe('25%');
    expect(f("It''s '{'x'}'", {})).toBe("It's {x}");
  });
});
