import { Link } from 'react-router';
import { buttonClass } from '@afterglow/ui';

export function NotFound() {
  return (
    <section className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="mb-3 text-3xl font-bold">404 Page Not Found</h1>
      <p className="mb-8 text-neutral-600">This page doesn’t exist, or it moved.</p>
      <Link to="/" className={buttonClass('primary')}>
        Back to Home
      </Link>
    </section>
  );
}
