import { Link } from 'react-router';
import { buttonClass } from '@afterglow/ui';
import { useT } from '../text';

export function NotFound() {
  const t = useT();
  return (
    <section className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="mb-3 text-3xl font-bold">{t('notFound.title', '404 Page Not Found')}</h1>
      <p className="mb-8 text-neutral-600">{t('notFound.text', 'This page doesn’t exist, or it moved.')}</p>
      <Link to="/" className={buttonClass('primary')}>
        {t('notFound.home', 'Back to Home')}
      </Link>
    </section>
  );
}
