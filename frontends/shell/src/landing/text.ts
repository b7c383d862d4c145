import { catalogue } from '@afterglow/ui';
import english from './locales/en.json?english';

/** The landing page's messages (landing/locales): only '/' downloads them. */
export const useT = catalogue('landing', (locale) => import(`./locales/${locale}.json`), english);
