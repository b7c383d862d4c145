import { Link } from 'react-router';
import { buttonClass, loginHref, useAuth } from '@afterglow/ui';

export function Landing() {
  const { isAuthenticated } = useAuth();
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 text-center">
      <h1 className="mb-4 text-4xl font-extrabold sm:text-6xl">Your event, through everyone’s eyes</h1>
      <p className="mx-auto mb-10 max-w-2xl text-lg text-neutral-600">
        A disposable camera for every guest. They snap, you reveal.
      </p>
      <div className="flex flex-col items-center justify-center gap-3 sm:flex-row">
        {isAuthenticated ? (
          <Link to="/create-event" className={buttonClass('primary', 'lg')}>
            Create Event
          </Link>
        ) : (
          <a href={loginHref('/create-event')} className={buttonClass('primary', 'lg')}>
            Login to Create Event
          </a>
        )}
        <Link to="/join" className={buttonClass('outline', 'lg')}>
          Join with Code
        </Link>
        <Link to="/pricing" className={buttonClass('ghost', 'lg')}>
          View Pricing
        </Link>
      </div>
    </section>
  );
}
