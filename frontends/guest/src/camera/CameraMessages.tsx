import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CalendarX, UserPlus } from 'lucide-react';
import { Button, buttonClass, errorText } from '@afterglow/ui';
import { MessageCard } from '../components/MessageCard';

// The camera page's full-screen messages: not joined, loading failed, the event has ended.

/** The one way on from a camera message: a big link. */
export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={buttonClass('primary', 'lg', 'w-full')}>
      {children}
    </Link>
  );
}

export function FullScreen({ children }: { children: ReactNode }) {
  return <div className="flex min-h-dvh flex-col justify-center">{children}</div>;
}

export function NotJoined({ code, reason }: { code: string; reason?: string }) {
  return (
    <FullScreen>
      <MessageCard
        icon={<UserPlus aria-hidden className="h-7 w-7" />}
        title="Please join the event first"
        actions={<CardLink to={`/join/${code}`}>Join Event</CardLink>}
      >
        <p>{reason ?? 'Join with the event code to get your roll of film.'}</p>
      </MessageCard>
    </FullScreen>
  );
}

export function LoadFailed({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <FullScreen>
      <MessageCard alert title="Something went wrong" actions={<Button onClick={onRetry}>Try again</Button>}>
        <p>
          We couldn’t load {what}. Check your connection and try again.
          <span className="mt-2 block text-sm text-neutral-500">{errorText(error, 'Network error')}</span>
        </p>
      </MessageCard>
    </FullScreen>
  );
}

export function EventEnded({
  code,
  eventName,
  children,
}: {
  code: string;
  eventName: string;
  children?: ReactNode;
}) {
  return (
    <FullScreen>
      <MessageCard
        icon={<CalendarX aria-hidden className="h-7 w-7" />}
        title="This event has ended"
        actions={<CardLink to={`/gallery/${code}`}>View Gallery</CardLink>}
      >
        <p>Photos can no longer be taken at {eventName}.</p>
      </MessageCard>
      {children}
    </FullScreen>
  );
}
