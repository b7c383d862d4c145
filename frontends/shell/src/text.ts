import { catalogue } from '@afterglow/ui';
import english from './locales/en.json?english';

/** The shell's messages (frontends/shell/src/locales), in the page's language. */
export const useT = catalogue('shell', (locale) => import(`./locales/${locale}.json`), english);
