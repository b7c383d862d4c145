// A catalogue (`locales/<lang>.json`, docs/adr/032-languages.md) as the module Lingui's runtime reads:
// every message compiled ahead of time, so no message parser ships to a phone. Imported with
// `?english`, only the English messages that need compiling (placeholders, plurals): plain English is
// shown as the code writes it.
const { compileMessage } = require('@lingui/message-utils/compileMessage');

const PLAIN = /[{}'#<]/;

module.exports = function i18nLoader(source) {
  const englishOnly = this.resourceQuery.includes('english');
  const messages = JSON.parse(source);
  const compiled = {};
  for (const [id, message] of Object.entries(messages)) {
    if (englishOnly && !PLAIN.test(message)) continue;
    compiled[id] = compileMessage(message);
  }
  return `export default ${JSON.stringify(compiled)};`;
};
