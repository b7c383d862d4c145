// From the package, not '../i18n': this subpath is bundled by each remote that uses it, and the
// catalogue must reach the page's one store.
import { catalogue } from '@afterglow/ui';

/** The plans' messages (packages/ui/src/plans/locales): only pages that show plans download them. */
export const usePlanText = catalogue('plans', (locale) => import(`./locales/${locale}.json`));
