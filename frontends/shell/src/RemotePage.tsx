import { lazy, Suspense, useMemo, useState } from 'react';
import { ErrorBoundary, Spinner } from '@afterglow/ui';
import { loadPage } from './remotes';
import type { RemoteName } from './routes';

/** A page that lives in a remote: loaded on first visit, with a friendly retry if it fails. */
export function RemotePage({ remote, page }: { remote: RemoteName; page: string }) {
  const [attempt, setAttempt] = useState(0);
  const Page = useMemo(
    () => lazy(async () => ({ default: await loadPage(remote, page, attempt > 0) })),
    [remote, page, attempt],
  );
  return (
    <ErrorBoundary key={attempt} what="this page" onRetry={() => setAttempt((a) => a + 1)}>
      <Suspense fallback={<Spinner label="Loading page" />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}
