export const englishCatalogueOf: (domain: string) => string;
export function messageKeys(domain: string): Map<string, string>;
export const webDomainOf: (file: string) => string | undefined;
export function compileCatalogue(source: string, domain?: string): Record<string, unknown>;
export function catalogueFiles(
  dir: string,
  domain?: string,
): { hash: string; files: { lang: string; file: string; json: string }[] };
export const CATALOGUE_IMPORT: RegExp;
export function compileSourceMessages(file: string, text: string): string;
