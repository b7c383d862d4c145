import { catalogue } from '@afterglow/ui';
import english from './locales/en.json?english';

/** The admin's messages (frontends/admin/src/locales), in the page's language. */
export const useT = catalogue('admin', (locale) => import(`./locales/${locale}.json`), english);
