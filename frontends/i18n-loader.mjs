// A catalogue (`locales/<lang>.json`, docs/adr/032-languages.md) as the module Lingui's runtime reads:
// every message compiled ahead of time, so no message parser ships to a phone. Imported with
// `?english`, only the English messages that need compiling (placeholders, plurals): plain English is
// shown as the code writes it.
import { compileMessage } from '@lingui/message-utils/compileMessage';

const NEEDS_COMPILING = /[{}'#<]/;

/** The compiled messages of a catalogue's JSON text. */
export function compileCatalogue(source, englishOnly = false) {
  const compiled = {};
  for (const [id, message] of Object.entries(JSON.parse(source))) {
    if (englishOnly && !NEEDS_COMPILING.test(message)) continue;
    compiled[id] = compileMessage(message);
  }
  return compiled;
}

/** @this {{ resourceQuery: string }} */
export default function i18nLoader(source) {
  const compiled = compileCatalogue(source, this.resourceQuery.includes('english'));
  return `export default ${JSON.stringify(compiled)};`;
}
