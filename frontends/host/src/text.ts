import { catalogue } from '@afterglow/ui';

/** The host's messages (frontends/host/src/locales), in the page's language. */
export const useT = catalogue('host', (locale) => import(`./locales/${locale}.json`));
