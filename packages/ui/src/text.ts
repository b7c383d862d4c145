import { catalogue } from './i18n';

/** The shared components' messages (packages/ui/src/locales). */
export const useT = catalogue('ui', (locale) => import(`./locales/${locale}.json`));
