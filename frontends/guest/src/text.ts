import { catalogue } from '@afterglow/ui';

/** The guest's messages (frontends/guest/src/locales), in the page's language. */
export const useT = catalogue('guest', (locale) => import(`./locales/${locale}.json`));
