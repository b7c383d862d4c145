import { catalogue } from '@afterglow/ui';

/** The shell's messages (frontends/shell/src/locales), in the page's language. */
export const useT = catalogue('shell', (locale) => import(`./locales/${locale}.json`));
