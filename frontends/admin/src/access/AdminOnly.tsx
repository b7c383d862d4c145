import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { Card, Spinner, buttonClass, useAuth } from '@afterglow/ui';
import { useT } from '../text';

/** Spec section 5: the admin pages need a signed-in admin; everyone else sees 'Access Denied'. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const t = useT();
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner label={t('access.checking', 'Checking your access')} />;
  if (user?.isAdmin !== true) return <AccessDenied />;
  return children;
}

function AccessDenied() {
  const t = useT();
  return (
    <section aria-labelledby="access-denied" className="mx-auto max-w-md px-4 py-16 text-center">
      <Card>
        <ShieldAlert aria-hidden className="mx-auto mb-4 h-12 w-12 text-red-700" />
        <h1 id="access-denied" className="mb-2 text-2xl font-bold text-neutral-900">
          {t('access.denied', 'Access Denied')}
        </h1>
        <p className="mb-6 text-neutral-700">
          {t('access.noPrivileges', "You don't have administrator privileges to access this page.")}
        </p>
        <Link to="/" className={buttonClass('primary')}>
          {t('access.backHome', 'Back to Home')}
        </Link>
      </Card>
    </section>
  );
}
