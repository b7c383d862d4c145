import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DOMAINS,
  LANGUAGES,
  SOURCE,
  checkDomain,
  compareCatalogue,
  readCatalogue,
  root,
  textOutsideCatalogue,
  untranslatedText,
} from './catalogue.mjs';
import {
  compileCatalogue,
  compileSourceMessages,
  messageKeys,
  webDomainOf,
} from '../../frontends/i18n-loader.mjs';

// The catalogues kept complete by tools (docs/i18n.md): every language has every key the code uses
// and no other, and no component shows text outside the catalogue. Each check is also shown failing
// on a deliberate gap.

describe.each(DOMAINS.map((d) => [d.name, d] as const))('the %s catalogue', (_name, domain) => {
  it('has every key the code uses in every language, and no other', () => {
    expect(checkDomain(domain)).toEqual([]);
  });
  it('holds every text its components show', () => {
    expect(untranslatedText(domain)).toEqual([]);
  });
});

describe('the checks catch a deliberate gap', () => {
  const guest = DOMAINS.find((d) => d.name === 'guest')!;
  const english = readCatalogue(guest, SOURCE) as Record<string, string>;
  const german = readCatalogue(guest, 'de') as Record<string, string>;
  const anyId = Object.keys(english)[0]!;

  it('a language that lacks a key', () => {
    const { [anyId]: _dropped, ...lacking } = german;
    expect(compareCatalogue(english, lacking, 'de')).toEqual([`de: missing '${anyId}'`]);
  });

  it('a language that keeps a key the source no longer uses', () => {
    expect(compareCatalogue(english, { ...german, 'gone.message': 'Weg' }, 'de')).toEqual([
      `de: 'gone.message' is no longer in the source`,
    ]);
  });

  it('a translation with other placeholders than the English', () => {
    const withName = Object.keys(english).find((id) => /\{\w+\}/.test(english[id]!));
    expect(withName).toBeDefined();
    const problems = compareCatalogue(english, { ...german, [withName!]: 'Ohne Platzhalter' }, 'de');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/uses \{\}, the English \{/);
  });

  it('a component whose message was removed from the code: en.json is stale and every language keeps an unused key', () => {
    // The code of the guest remote, with one message written as plain text instead of `t(…)`.
    const file = join(root, 'frontends/guest/src/camera/RollComplete.tsx');
    const source = readFileSync(file, 'utf8');
    const call = source.match(/title=\{t\('([\w.]+)', '([^']+)'\)\}/);
    expect(call, 'RollComplete titles its card with a message').not.toBeNull();
    const [whole, id, text] = call!;
    const gap = source.replace(whole, `title="${text}"`);
    const read = (f: string) => (f === file ? gap : readFileSync(f, 'utf8'));

    const problems = checkDomain(guest, { read });
    expect(problems).toContain('guest: locales/en.json is not what the code says: run npm run i18n:extract');
    for (const lang of LANGUAGES.slice(1))
      expect(problems).toContain(`guest ${lang}: '${id}' is no longer in the source`);
    // …and the text itself is now shown outside the catalogue.
    expect(textOutsideCatalogue(file, gap)).toEqual([expect.stringContaining(`"${text}"`)]);
  });

  it('text outside the catalogue, wherever a person reads it', () => {
    const file = join(root, 'frontends/guest/src/Sample.tsx');
    const found = textOutsideCatalogue(
      file,
      `export const A = ({ t }) => (
        <div aria-label="Your photos" title={t('x.ok', 'Fine')}>
          Hello there
          <img alt="A photo" src="a.png" />
          <input placeholder={'Type here'} />
          {'Literal child'}
          <span className="flex gap-2">{t('x.fine', 'Fine too')}</span>
        </div>
      );
      export const B = () => toast({ title: 'Saved', description: t('x.desc', 'Fine') });`,
    );
    expect(found.map((f) => f.replace(/^.*?: /, ''))).toEqual([
      '"Your photos"',
      '"Hello there"',
      '"A photo"',
      '"Type here"',
      '"Literal child"',
      '"Saved"',
    ]);
  });
});

describe('what the build makes of the messages (frontends/i18n-loader.mjs)', () => {
  const guest = DOMAINS.find((d) => d.name === 'guest')!;
  const english = readCatalogue(guest, SOURCE) as Record<string, string>;
  const keys = messageKeys('guest');
  const file = join(root, 'frontends/guest/src/pages/Example.tsx');

  it('keys each id by its domain and place, the same in the code and in every catalogue', () => {
    const ids = Object.keys(english).sort();
    expect(keys.get(ids[0]!)).toBe('g0');
    expect(keys.get(ids[37]!)).toBe('g11');
    const all = DOMAINS.filter((d) => webDomainOf(join(root, d.src[0]!, 'x.ts'))).flatMap((d) => [
      ...messageKeys(d.name).values(),
    ]);
    expect(new Set(all).size).toBe(all.length); // no two messages of the web apps share a key
    const german = compileCatalogue(readFileSync(join(root, guest.locales, 'de.json'), 'utf8'), 'guest');
    expect(Object.keys(german).sort()).toEqual([...keys.values()].sort());
  });

  it('puts each message in code as a page needs it: keyed, its English compiled where needed, lines kept', () => {
    const [plain, withName] = Object.keys(english).filter((id) => !/[{}'#<]/.test(english[id]!));
    const source = [
      `const a = t('${plain}', 'Some words');`,
      `const b = msg(`,
      `  '${withName}',`,
      `  'Hello {name}, {count, plural, one {# shot} other {# shots}}',`,
      `);`,
      `const c = t('not.in.catalogue', 'Plain');`,
    ].join('\n');
    const out = compileSourceMessages(file, source).split('\n');
    expect(out).toHaveLength(6);
    expect(out[0]).toBe(`const a = t("${keys.get(plain!)}", 'Some words');`);
    expect(out[2]).toBe(`  "${keys.get(withName!)}",`);
    expect(JSON.parse(out[3]!.trim().replace(/,$/, ''))).toEqual([
      'Hello ',
      ['name'],
      ', ',
      ['count', 'plural', { one: ['#', ' shot'], other: ['#', ' shots'] }],
    ]);
    expect(out[5]).toBe(`const c = t('not.in.catalogue', 'Plain');`);
    // outside the web apps (the server's own messages), ids stay as written
    expect(compileSourceMessages(join(root, 'services/gateway/src/x.ts'), source).split('\n')[0]).toBe(
      `const a = t('${plain}', 'Some words');`,
    );
  });
});
