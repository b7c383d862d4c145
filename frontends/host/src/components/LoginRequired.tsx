import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner, buttonClass, loginHref, useAuth } from '@afterglow/ui';
import { MessageCard } from './MessageCard';

interface LoginProps {
  /** the sentence under 'Login Required' */
  message: string;
  /** where the login brings the user back to */
  returnTo: string;
  back?: { to: string; label: string };
}

export function LoginRequired({ message, returnTo, back = { to: '/', label: 'Back to Home' } }: LoginProps) {
  return (
    <MessageCard
      icon={Lock}
      title="Login Required"
      actions={
        <>
          <a href={loginHref(returnTo)} className={buttonClass('primary')}>
            Login to Continue
          </a>
          <Link to={back.to} className={buttonClass('outline')}>
            {back.label}
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
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <Spinner label="Checking your session" />;
  if (!isAuthenticated) return <LoginRequired {...login} />;
  return <>{children}</>;
}
