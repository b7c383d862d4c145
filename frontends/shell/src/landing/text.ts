import { catalogue } from '@afterglow/ui';

/** The landing page's messages (landing/locales): only '/' downloads them. */
export const useT = catalogue('landing', (locale) => import(`./locales/${locale}.json`));
