import type { HostEvent } from '@afterglow/contracts';
import { CircleCheck, LayoutDashboard, Plus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Card, buttonClass } from '@afterglow/ui';
import { useT } from '../../text';
import { ShareEventPanel } from '../ShareEventPanel';

/** The success screen after creating an event: 'Go to Dashboard' and 'Create Another Event' (to /). */
export function EventCreated({ event }: { event: HostEvent }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <div className="space-y-6">
      <div className="text-center">
        <div className="mx-auto mb-4 flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <CircleCheck aria-hidden className="h-9 w-9" />
        </div>
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-extrabold focus:outline-none">
          {t('created.title', 'Event Created Successfully!')}
        </h1>
        <p className="mt-2 text-xl font-semibold text-neutral-800">{event.name}</p>
        <p className="mt-1 text-neutral-600">
          {t.rich('created.code', 'Event code {code}', {
            code: (
              <span className="font-mono font-bold tracking-widest text-[var(--ag-primary-ink)]">
                {event.code}
              </span>
            ),
          })}
        </p>
      </div>
      <Card>
        <h2 className="mb-4 text-lg font-bold">{t('created.share', 'Share with your guests')}</h2>
        <ShareEventPanel event={event} />
      </Card>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to={`/host/dashboard/${event.id}`} className={buttonClass('primary', 'lg', 'flex-1')}>
          <LayoutDashboard aria-hidden className="h-5 w-5" />
          {t('created.dashboard', 'Go to Dashboard')}
        </Link>
        <Link to="/" className={buttonClass('outline', 'lg', 'flex-1')}>
          <Plus aria-hidden className="h-5 w-5" />
          {t('created.another', 'Create Another Event')}
        </Link>
      </div>
    </div>
  );
}
