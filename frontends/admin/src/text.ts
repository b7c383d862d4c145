import { catalogue } from '@afterglow/ui';

/** The admin's messages (frontends/admin/src/locales), in the page's language. */
export const useT = catalogue('admin', (locale) => import(`./locales/${locale}.json`));
