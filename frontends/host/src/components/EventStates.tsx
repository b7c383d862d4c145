import { CircleAlert, SearchX, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClass, errorText } from '@afterglow/ui';
import { isNotFound } from '../lib/api';
import { MessageCard } from './MessageCard';

export function EventNotFound() {
  return (
    <MessageCard
      icon={SearchX}
      title="Event not found"
      role="alert"
      actions={
        <Link to="/" className={buttonClass('primary')}>
          Go Home
        </Link>
      }
    >
      <p>This event doesn’t exist, or its link is mistyped.</p>
    </MessageCard>
  );
}

export function NotYourEvent() {
  return (
    <MessageCard
      icon={ShieldAlert}
      title="This isn’t your event"
      role="alert"
      actions={
        <Link to="/" className={buttonClass('primary')}>
          Go Home
        </Link>
      }
    >
      <p>Only the host who created this event can manage it. Sign in with the host’s account.</p>
    </MessageCard>
  );
}

/** The event could not be loaded: "not found", or another failure with a retry. */
export function EventLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isNotFound(error)) return <EventNotFound />;
  return (
    <MessageCard
      icon={CircleAlert}
      title="Couldn’t load this event"
      role="alert"
      actions={
        <>
          <Button onClick={onRetry}>Try again</Button>
          <Link to="/" className={buttonClass('outline')}>
            Go Home
          </Link>
        </>
      }
    >
      <p>{errorText(error, 'Check your connection and try again.')}</p>
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
  fallback: string;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-900">
      <p className="mb-3">{errorText(error, fallback)}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
