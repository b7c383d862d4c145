// npm run i18n:extract: writes each domain's locales/en.json from the code's messages, and says which
//   keys each language lacks or keeps without use.
// npm run i18n:check: fails on any gap (the same checks as the catalogue tests).
import { mkdirSync } from 'node:fs';
import {
  DOMAINS,
  LANGUAGES,
  SOURCE,
  checkDomain,
  compareCatalogue,
  extract,
  localesDir,
  readCatalogue,
  untranslatedText,
  writeCatalogue,
} from './catalogue.mjs';

const [command = 'check', ...names] = process.argv.slice(2);
const domains = names.length ? DOMAINS.filter((d) => names.includes(d.name)) : DOMAINS;
let failed = false;

for (const domain of domains) {
  if (command === 'extract') {
    const { catalogue, errors } = extract(domain);
    errors.forEach((e) => console.error(e));
    failed ||= errors.length > 0;
    mkdirSync(localesDir(domain), { recursive: true });
    writeCatalogue(domain, SOURCE, catalogue);
    const gaps = LANGUAGES.slice(1).map((lang) => {
      const problems = compareCatalogue(catalogue, readCatalogue(domain, lang) ?? {}, lang);
      return `${lang} ${problems.length}`;
    });
    console.log(
      `${domain.name}: ${Object.keys(catalogue).length} messages; problems per language: ${gaps.join(', ')}`,
    );
    const { englishOnly = [] } = extract(domain);
    if (englishOnly.length)
      console.log(
        `${domain.name}: ${englishOnly.length} texts made at run time stay English:\n  ${englishOnly.join('\n  ')}`,
      );
  } else if (command === 'check') {
    const problems = [
      ...checkDomain(domain),
      ...untranslatedText(domain).map((f) => `text outside the catalogue: ${f}`),
    ];
    problems.forEach((p) => console.error(p));
    failed ||= problems.length > 0;
    console.log(`${domain.name}: ${problems.length ? `${problems.length} problems` : 'complete'}`);
  } else if (command === 'untranslated') {
    const found = untranslatedText(domain);
    found.forEach((f) => console.log(f));
    console.log(`${domain.name}: ${found.length} texts outside the catalogue`);
  } else {
    console.error(`unknown command ${command}: extract | check | untranslated`);
    process.exit(2);
  }
}
process.exit(failed ? 1 : 0);
