// Types of catalogue.mjs for the TypeScript code that uses it (the catalogue tests).
export interface Domain {
  name: string;
  src: string[];
  exclude?: string[];
  locales: string;
}
export type Catalogue = Record<string, string>;
export const root: string;
export const LANGUAGES: string[];
export const SOURCE: string;
export const DOMAINS: Domain[];
export function sourceFiles(dir: string): string[];
export function domainFiles(domain: Domain, dir: string): string[];
export function domainOf(file: string): Domain | undefined;
export function extract(
  domain: Domain,
  read?: (file: string) => string,
): { catalogue: Catalogue; errors: string[] };
export function readCatalogue(domain: Domain, lang: string): Catalogue | null;
export function writeCatalogue(domain: Domain, lang: string, catalogue: Catalogue): void;
export function compareCatalogue(english: Catalogue, translated: Catalogue | null, lang: string): string[];
export function checkDomain(
  domain: Domain,
  opts?: { read?: (file: string) => string; catalogues?: (lang: string) => Catalogue | null },
): string[];
export function textOutsideCatalogue(file: string, text?: string): string[];
export function untranslatedText(domain: Domain, read?: (file: string) => string): string[];
export function icuError(message: string): string | null;
export function argumentsOf(message: string): string[];
