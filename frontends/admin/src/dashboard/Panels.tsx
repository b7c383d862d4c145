import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Calendar, Camera, Clock, Download, Flag, Image, Settings, Users } from 'lucide-react';
import { Button, Card, buttonClass } from '@afterglow/ui';
import { EmptyState } from './EmptyState';

/** Quick actions that arrive with the admin service: shown, but not pretending to work. */
const LATER_ACTIONS = [
  [Flag, 'Review Flagged Photos'],
  [Download, 'Export Data'],
  [Settings, 'System Settings'],
] as const;

function PanelCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="mb-2 text-lg font-semibold text-neutral-900">{title}</h2>
      {children}
    </Card>
  );
}

export function OverviewPanel() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <PanelCard title="Recent Activity">
        <EmptyState icon={Clock} title="No activity to show yet">
          New sign-ups, events and uploads will be listed here once the admin service is connected.
        </EmptyState>
      </PanelCard>
      <PanelCard title="Quick Actions">
        <div className="grid gap-3 pt-2">
          <Link
            to="/test-camera"
            className={buttonClass('primary', 'md', 'h-auto min-h-11 justify-start py-2 text-left')}
          >
            <Camera aria-hidden className="h-5 w-5" />
            Test Camera Interface
          </Link>
          {LATER_ACTIONS.map(([Icon, label]) => (
            <Button
              key={label}
              variant="outline"
              disabled
              aria-describedby="admin-later"
              className="h-auto min-h-11 justify-start py-2 text-left"
            >
              <Icon aria-hidden className="h-5 w-5" />
              {label}
            </Button>
          ))}
          <p id="admin-later" className="text-sm text-neutral-700">
            Reviewing, exporting and settings become available with the admin service.
          </p>
        </div>
      </PanelCard>
    </div>
  );
}

export function UsersPanel() {
  return (
    <PanelCard title="Users">
      <EmptyState icon={Users} title="No user data yet">
        Accounts appear here once the admin service is connected: search them, filter by All Users, Active,
        Suspended or Premium, and suspend or unsuspend an account.
      </EmptyState>
    </PanelCard>
  );
}

export function EventsPanel() {
  return (
    <PanelCard title="Events">
      <EmptyState icon={Calendar} title="No event data yet">
        Every event on the platform appears here once the admin service is connected: search them, filter by
        Active, Upcoming or Ended, open one or delete it.
      </EmptyState>
    </PanelCard>
  );
}

export function PhotosPanel() {
  return (
    <PanelCard title="Photos">
      <EmptyState icon={Image} title="No photo data yet">
        Photos from every event appear here once the admin service is connected: filter by Pending Review,
        Flagged, Approved or Rejected, and approve, reject or flag each one.
      </EmptyState>
    </PanelCard>
  );
}
