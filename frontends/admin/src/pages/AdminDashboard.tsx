import { format } from 'date-fns';
import { Link } from 'react-router';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { Button, buttonClass } from '@afterglow/ui';
import { Tabs } from '@afterglow/ui/tabs';
import { AdminOnly } from '../access/AdminOnly';
import { EventsPanel, OverviewPanel, PhotosPanel, UsersPanel } from '../dashboard/Panels';
import { StatCards } from '../dashboard/StatCards';
import { useRefresh } from '../dashboard/useRefresh';

const TABS = [
  { id: 'overview', label: 'Overview', panel: <OverviewPanel /> },
  { id: 'users', label: 'Users', panel: <UsersPanel /> },
  { id: 'events', label: 'Events', panel: <EventsPanel /> },
  { id: 'photos', label: 'Photos', panel: <PhotosPanel /> },
];

function Dashboard() {
  const { refresh, refreshing, refreshedAt } = useRefresh();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-neutral-900">Admin Dashboard</h1>
          <p className="text-neutral-700">Users, events and photos across Afterglow.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Link to="/" className={buttonClass('outline', 'sm')}>
            <ArrowLeft aria-hidden className="h-4 w-4" />
            Back to Home
          </Link>
          <Button variant="primary" size="sm" onClick={() => !refreshing && void refresh()}>
            <RefreshCw aria-hidden className={`h-4 w-4 ${refreshing ? 'animate-spin' : ''}`} />
            Refresh
          </Button>
        </div>
      </div>
      <p role="status" className="sr-only">
        {refreshing ? 'Refreshing' : refreshedAt ? `Refreshed at ${format(refreshedAt, 'h:mm:ss a')}` : ''}
      </p>
      <StatCards />
      <Tabs label="Admin sections" tabs={TABS} />
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
