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
