import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import type { AdminPhotoFilter } from '@afterglow/contracts';
import { Button, buttonClass } from '@afterglow/ui';
import { Tabs } from '@afterglow/ui/tabs';
import { AdminOnly } from '../access/AdminOnly';
import { EventsPanel } from '../dashboard/EventsPanel';
import { GuestbookPanel } from '../dashboard/GuestbookPanel';
import { MailPanel } from '../dashboard/MailPanel';
import { OverviewPanel } from '../dashboard/OverviewPanel';
import { PhotosPanel } from '../dashboard/PhotosPanel';
import { StatCards } from '../dashboard/StatCards';
import { UsersPanel } from '../dashboard/UsersPanel';
import { useRefresh } from '../dashboard/useRefresh';
import { clock } from '../dashboard/when';
import { useT } from '../text';

type TabId = 'overview' | 'users' | 'events' | 'photos' | 'guestbook' | 'mail';

function Dashboard() {
  const t = useT();
  const { refresh, refreshing, refreshedAt } = useRefresh();
  const [tab, setTab] = useState<TabId>('overview');
  // a tab's list is fetched once it is first opened, and kept (with its search) after that
  const [opened, setOpened] = useState<ReadonlySet<TabId>>(new Set(['overview']));
  const [photoFilter, setPhotoFilter] = useState<AdminPhotoFilter>('all');
  const [focusPhotoFilter, setFocusPhotoFilter] = useState(0);
  const open = (id: TabId) => {
    setTab(id);
    setOpened((s) => (s.has(id) ? s : new Set([...s, id])));
  };
  const reviewFlagged = () => {
    setPhotoFilter('flagged');
    open('photos');
    setFocusPhotoFilter((n) => n + 1);
  };
  const tabs = [
    {
      id: 'overview' as const,
      label: t('tabs.overview', 'Overview'),
      panel: <OverviewPanel onReviewFlagged={reviewFlagged} />,
    },
    { id: 'users' as const, label: t('tabs.users', 'Users'), panel: opened.has('users') && <UsersPanel /> },
    {
      id: 'events' as const,
      label: t('tabs.events', 'Events'),
      panel: opened.has('events') && <EventsPanel />,
    },
    {
      id: 'photos' as const,
      label: t('tabs.photos', 'Photos'),
      panel: opened.has('photos') && (
        <PhotosPanel filter={photoFilter} onFilter={setPhotoFilter} focusFilter={focusPhotoFilter} />
      ),
    },
    {
      id: 'guestbook' as const,
      label: t('tabs.guestbook', 'Guestbook'),
      panel: opened.has('guestbook') && <GuestbookPanel />,
    },
    { id: 'mail' as const, label: t('tabs.mail', 'Mail'), panel: opened.has('mail') && <MailPanel /> },
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-neutral-900">{t('dashboard.title', 'Admin Dashboard')}</h1>
          <p className="text-neutral-700">
            {t('dashboard.subtitle', 'Users, events and photos across Afterglow.')}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Link to="/" className={buttonClass('outline', 'sm')}>
            <ArrowLeft aria-hidden className="h-4 w-4 rtl:-scale-x-100" />
            {t('access.backHome', 'Back to Home')}
          </Link>
          <Button
            variant="primary"
            size="sm"
            aria-busy={refreshing}
            onClick={() => !refreshing && void refresh()}
          >
            <RefreshCw aria-hidden className={`h-4 w-4 ${refreshing ? 'animate-spin' : ''}`} />
            {t('dashboard.refresh', 'Refresh')}
          </Button>
        </div>
      </div>
      <p role="status" className="sr-only">
        {refreshing
          ? t('dashboard.refreshing', 'Refreshing')
          : refreshedAt
            ? t('dashboard.refreshedAt', 'Refreshed at {time}', { time: clock(refreshedAt, t.locale) })
            : ''}
      </p>
      <StatCards />
      <Tabs label={t('tabs.label', 'Admin sections')} tabs={tabs} active={tab} onActiveChange={open} />
    </div>
  );
}

export function AdminDashboard() {
  return (
    <AdminOnly>
      <Dashboard />
    </AdminOnly>
  );
}
