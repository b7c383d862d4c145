import { lazy, Suspense, useMemo, useState } from 'react';
import { ErrorBoundary, Spinner } from '@afterglow/ui';
import { loadPage } from './remotes';
import type { RemoteName } from './routes';
import { useT } from './text';

/** A page that lives in a remote: loaded on first visit, with a friendly retry if it fails. */
export function RemotePage({ remote, page }: { remote: RemoteName; page: string }) {
  const t = useT();
  const [attempt, setAttempt] = useState(0);
  const Page = useMemo(
    () => lazy(async () => ({ default: await loadPage(remote, page, attempt > 0) })),
    [remote, page, attempt],
  );
  return (
    <ErrorBoundary
      key={attempt}
      what={t('remote.thisPage', 'this page')}
      onRetry={() => {
        // The page's files come with the page itself (the gateway's preloads, the shell's): one that
        // failed fails again, from the browser's own record, for as long as this page lives. Online,
        // only a new load of the page really tries again; offline, the service worker may have them.
        if (navigator.onLine) window.location.reload();
        else setAttempt((a) => a + 1);
      }}
    >
      <Suspense fallback={<Spinner label={t('remote.loading', 'Loading page')} />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}
