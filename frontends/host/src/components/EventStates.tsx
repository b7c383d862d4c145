import { CircleAlert, SearchX, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClass } from '@afterglow/ui';
import { isNotFound } from '../lib/api';
import { problemText } from '../lib/problems';
import { useT } from '../text';
import { MessageCard } from './MessageCard';

function GoHome() {
  const t = useT();
  return (
    <Link to="/" className={buttonClass('primary')}>
      {t('common.goHome', 'Go Home')}
    </Link>
  );
}

export function EventNotFound() {
  const t = useT();
  return (
    <MessageCard
      icon={SearchX}
      title={t('event.notFound', 'Event not found')}
      role="alert"
      actions={<GoHome />}
    >
      <p>{t('event.notFoundText', 'This event doesn’t exist, or its link is mistyped.')}</p>
    </MessageCard>
  );
}

export function NotYourEvent() {
  const t = useT();
  return (
    <MessageCard
      icon={ShieldAlert}
      title={t('event.notYours', 'This isn’t your event')}
      role="alert"
      actions={<GoHome />}
    >
      <p>
        {t(
          'event.notYoursText',
          'Only the host who created this event can manage it. Sign in with the host’s account.',
        )}
      </p>
    </MessageCard>
  );
}

/** The event could not be loaded: "not found", or another failure with a retry. */
export function EventLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  if (isNotFound(error)) return <EventNotFound />;
  return (
    <MessageCard
      icon={CircleAlert}
      title={t('event.loadFailed', 'Couldn’t load this event')}
      role="alert"
      actions={
        <>
          <Button onClick={onRetry}>{t('common.tryAgain', 'Try again')}</Button>
          <Link to="/" className={buttonClass('outline')}>
            {t('common.goHome', 'Go Home')}
          </Link>
        </>
      }
    >
      <p>{problemText(t, error, t('common.checkConnection', 'Check your connection and try again.'))}</p>
    </MessageCard>
  );
}

/** A list that could not be loaded, inside a page: what failed, and a way to try again. */
export function InlineLoadError({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  /** in the page's language */
  fallback: string;
  onRetry: () => void;
}) {
  const t = useT();
  return (
    <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-900">
      <p className="mb-3">{problemText(t, error, fallback)}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('common.tryAgain', 'Try again')}
      </Button>
    </div>
  );
}
