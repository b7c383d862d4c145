export function compileCatalogue(source: string, englishOnly?: boolean): Record<string, unknown>;
export default function i18nLoader(this: { resourceQuery: string }, source: string): string;
