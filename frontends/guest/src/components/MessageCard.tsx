import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, buttonClass } from '@afterglow/ui';
import { useT } from '../text';
import { SearchXIcon } from './icons';

/** A centred card with a heading, a line of text and actions: empty, error and "not yet" states. */
export function MessageCard({
  icon,
  title,
  children,
  actions,
  alert = false,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** announce it (errors) */
  alert?: boolean;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <Card className="text-center">
        <div role={alert ? 'alert' : undefined}>
          {icon && (
            <div className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-[var(--ag-primary-soft)] text-[var(--ag-primary-ink)]">
              {icon}
            </div>
          )}
          <h1 className="mb-2 text-2xl font-bold text-neutral-900">{title}</h1>
          {children && <div className="text-neutral-700">{children}</div>}
        </div>
        {actions && <div className="mt-6 flex flex-col gap-3">{actions}</div>}
      </Card>
    </div>
  );
}

/** The code matches no event: what guests see on the camera and the gallery. */
export function EventNotFoundCard({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const t = useT();
  return (
    <MessageCard
      alert
      icon={<SearchXIcon className="h-7 w-7" />}
      title={t('event.notFound', 'Event not found')}
      actions={
        <Link to="/join" className={buttonClass('primary', size, 'w-full')}>
          {t('event.enterCode', 'Enter a Code')}
        </Link>
      }
    >
      <p>{t('event.notFoundHint', 'Check the code with your host and try again.')}</p>
    </MessageCard>
  );
}
