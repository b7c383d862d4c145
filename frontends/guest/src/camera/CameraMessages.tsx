import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '@afterglow/ui';
import { MessageCard } from '../components/MessageCard';
import { serverError } from '../lib/errors';
import { useT } from '../text';
import { FullScreen } from './FullScreen';
import { CalendarXIcon, UserPlusIcon } from './message-icons';

// The camera page's full-screen messages: not joined, loading failed, the event has ended. Not on the
// page's first load: fetched when one is shown (pages/Camera.tsx).

/** The one way on from a camera message: a big link. */
export function CardLink({
  to,
  variant = 'primary',
  children,
}: {
  to: string;
  variant?: 'primary' | 'outline';
  children: ReactNode;
}) {
  return (
    <Link to={to} className={buttonClass(variant, 'lg', 'w-full')}>
      {children}
    </Link>
  );
}

export function NotJoined({ code, reason }: { code: string; reason?: string }) {
  const t = useT();
  return (
    <FullScreen>
      <MessageCard
        icon={<UserPlusIcon className="h-7 w-7" />}
        title={t('camera.notJoined.title', 'Please join the event first')}
        actions={<CardLink to={`/join/${code}`}>{t('common.joinEvent', 'Join Event')}</CardLink>}
      >
        <p>{reason ?? t('camera.notJoined.text', 'Join with the event code to get your roll of film.')}</p>
      </MessageCard>
    </FullScreen>
  );
}

/** Loading failed: `message` says what could not be loaded (a whole sentence, in the guest's language). */
export function LoadFailed({
  message,
  error,
  onRetry,
}: {
  message: string;
  error: unknown;
  onRetry: () => void;
}) {
  const t = useT();
  return (
    <FullScreen>
      <MessageCard
        alert
        title={t('common.somethingWrong', 'Something went wrong')}
        actions={<Button onClick={onRetry}>{t('common.tryAgain', 'Try again')}</Button>}
      >
        <p>
          {message}
          <span className="mt-2 block text-sm text-neutral-500">
            {serverError(t, error, t('common.networkError', 'Network error'))}
          </span>
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
  const t = useT();
  return (
    <FullScreen>
      <MessageCard
        icon={<CalendarXIcon className="h-7 w-7" />}
        title={t('camera.ended.title', 'This event has ended')}
        actions={<CardLink to={`/gallery/${code}`}>{t('common.viewGallery', 'View Gallery')}</CardLink>}
      >
        <p>{t('camera.ended.text', 'Photos can no longer be taken at {name}.', { name: eventName })}</p>
      </MessageCard>
      {children}
    </FullScreen>
  );
}
