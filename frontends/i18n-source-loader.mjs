// Rspack's loader for the web apps' sources (docs/adr/032-languages.md, frontends/i18n-loader.mjs):
// - their English messages compiled where they are written;
// - a domain's text module, `catalogue('guest', (locale) => import(`./locales/${locale}.json`))`, given
//   the address of its catalogue files instead, which this emits beside the bundle under i18n/.
import { dirname, join } from 'node:path';
import {
  CATALOGUE_IMPORT,
  catalogueFiles,
  compileSourceMessages,
  englishCatalogueOf,
  webDomainOf,
} from './i18n-loader.mjs';

/**
 * @this {{ resourcePath: string, getOptions(): { publicPath: string },
 *   emitFile(name: string, content: string): void, addDependency(file: string): void,
 *   addContextDependency(dir: string): void }}
 */
export default function i18nSourceLoader(source) {
  // a message's key is its place among its domain's English ids: a changed catalogue rebuilds the code
  const domain = webDomainOf(this.resourcePath);
  if (domain) this.addDependency(englishCatalogueOf(domain));
  let out = compileSourceMessages(this.resourcePath, source);
  const found = CATALOGUE_IMPORT.exec(out);
  if (found) {
    const [written, name] = found;
    const dir = join(dirname(this.resourcePath), 'locales');
    // the keys in the files are those of the domain the text module's folder belongs to
    if (name !== domain)
      throw new Error(`${this.resourcePath}: catalogue('${name}') is not this folder's domain`);
    const { hash, files } = catalogueFiles(dir, domain);
    this.addContextDependency(dir);
    for (const f of files) {
      this.addDependency(f.file);
      this.emitFile(`i18n/${domain}.${f.lang}.${hash}.json`, f.json);
    }
    const at = JSON.stringify(`${this.getOptions().publicPath}i18n/${domain}.%.${hash}.json`);
    out = out.replace(written, `catalogue('${domain}', ${at}`);
  }
  return out;
}
