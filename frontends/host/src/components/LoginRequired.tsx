import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner, buttonClass, loginHref, useAuth } from '@afterglow/ui';
import { useT } from '../text';
import { MessageCard } from './MessageCard';

interface LoginProps {
  /** the sentence under 'Login Required' (in the page's language) */
  message: string;
  /** where the login brings the user back to */
  returnTo: string;
  /** 'Back to Home' when not given */
  back?: { to: string; label: string };
}

export function LoginRequired({ message, returnTo, back }: LoginProps) {
  const t = useT();
  return (
    <MessageCard
      icon={Lock}
      title={t('login.required', 'Login Required')}
      actions={
        <>
          <a href={loginHref(returnTo)} className={buttonClass('primary')}>
            {t('login.continue', 'Login to Continue')}
          </a>
          <Link to={back?.to ?? '/'} className={buttonClass('outline')}>
            {back?.label ?? t('login.backHome', 'Back to Home')}
          </Link>
        </>
      }
    >
      <p>{message}</p>
    </MessageCard>
  );
}

/** Renders its children only for a signed-in user; a spinner while asking, else the login prompt. */
export function AuthGate({ children, ...login }: LoginProps & { children: ReactNode }) {
  const t = useT();
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <Spinner label={t('login.checking', 'Checking your session')} />;
  if (!isAuthenticated) return <LoginRequired {...login} />;
  return <>{children}</>;
}
