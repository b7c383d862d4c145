import * as Dialog from '@radix-ui/react-dialog';
import { format, formatDistanceToNow } from 'date-fns';
import { Link } from 'react-router';
import { useState } from 'react';
import { Camera, Clock, Download, Flag, Lock, Settings } from 'lucide-react';
import {
  ADMIN_EXPORT_KINDS,
  AUDIT_ACTION_LABELS,
  type AdminExportKind,
  type AuditEntryDto,
} from '@afterglow/contracts';
import { Button, Spinner, buttonClass, errorText } from '@afterglow/ui';
import { useActivity, useAdminSettings } from './api';
import { DialogFrame } from '@afterglow/ui/dialog-frame';
import { Badge, ListBody, PanelCard } from './parts';

const QUICK = 'h-auto min-h-11 w-full justify-start py-2 text-left';

const EXPORT_LABELS: Record<AdminExportKind, string> = {
  users: 'Users',
  events: 'Events',
  photos: 'Photos',
  activity: 'Activity log',
};

function ActivityItem({ entry }: { entry: AuditEntryDto }) {
  const at = new Date(entry.at);
  return (
    <li className="py-3">
      <p className="font-medium text-neutral-900">{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</p>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-neutral-700">
        <span className="break-all">{entry.actorEmail ?? 'Deleted account'}</span>
        <Badge tone={entry.actorRole === 'admin' ? 'upcoming' : 'ended'}>
          {entry.actorRole === 'admin' ? 'Admin' : 'Host'}
        </Badge>
        <time dateTime={entry.at} title={format(at, 'MMM dd, yyyy h:mm a')}>
          {formatDistanceToNow(at, { addSuffix: true })}
        </time>
      </p>
      <p className="text-xs text-neutral-700">
        Target {entry.targetLabel && <span className="break-all text-neutral-900">{entry.targetLabel} </span>}
        <span className="font-mono break-all">{entry.targetId}</span>
        {entry.reason && <> · Reason: {entry.reason}</>}
      </p>
    </li>
  );
}

function RecentActivity() {
  const query = useActivity();
  return (
    <PanelCard title="Recent Activity">
      <ListBody
        query={query}
        what="entries"
        one="entry"
        empty="No admin activity yet"
        emptyHint="Suspensions, deletions and photo decisions by admins and hosts are listed here."
        icon={Clock}
      >
        {(rows) => (
          <ul aria-label="Recent activity" className="-my-3 divide-y divide-neutral-100">
            {rows.map((e) => (
              <ActivityItem key={e.id} entry={e} />
            ))}
          </ul>
        )}
      </ListBody>
    </PanelCard>
  );
}

function ExportDialog() {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button variant="outline" className={QUICK}>
          <Download aria-hidden className="h-5 w-5" />
          Export Data
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title="Export Data"
        description="Download a CSV file of everything on the platform."
        width="max-w-md"
      >
        <ul className="grid gap-2">
          {ADMIN_EXPORT_KINDS.map((kind) => (
            <li key={kind}>
              <a
                href={`/api/admin/export/${kind}`}
                download
                className={buttonClass('outline', 'md', 'w-full justify-start')}
              >
                <Download aria-hidden className="h-4 w-4" />
                {EXPORT_LABELS[kind]} (CSV)
              </a>
            </li>
          ))}
        </ul>
      </DialogFrame>
    </Dialog.Root>
  );
}

function SettingsList() {
  const query = useAdminSettings(true);
  if (query.isPending) return <Spinner label="Loading settings" />;
  if (query.isError)
    return (
      <div role="alert" className="grid justify-items-start gap-2">
        <p className="text-red-700">Could not load settings. {errorText(query.error, '')}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  return (
    <>
      <p className="mb-3 text-sm text-neutral-700">
        Mode: <span className="font-semibold text-neutral-900">{query.data.mode}</span>
      </p>
      <dl className="divide-y divide-neutral-100 text-sm">
        {query.data.settings.map((s) => (
          <div
            key={s.key}
            className="grid gap-1 py-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:gap-3"
          >
            <dt className="break-all font-mono text-xs font-semibold text-neutral-900">{s.key}</dt>
            <dd className="break-all text-neutral-800">
              {s.secret && <Lock aria-label="Secret" className="mr-1 inline h-3.5 w-3.5" />}
              {s.value ?? <span className="text-neutral-700">Not set</span>}
            </dd>
            <dd className="text-xs text-neutral-700">
              {s.source === 'environment' ? 'Environment' : 'Default'}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function SettingsDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" className={QUICK}>
          <Settings aria-hidden className="h-5 w-5" />
          System Settings
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title="System Settings"
        description="The configuration in effect. Secrets are never shown, only whether they are set."
      >
        {open && <SettingsList />}
      </DialogFrame>
    </Dialog.Root>
  );
}

export function OverviewPanel({ onReviewFlagged }: { onReviewFlagged: () => void }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <RecentActivity />
      <PanelCard title="Quick Actions">
        <div className="grid gap-3">
          <Link to="/test-camera" className={buttonClass('primary', 'md', QUICK)}>
            <Camera aria-hidden className="h-5 w-5" />
            Test Camera Interface
          </Link>
          <Button variant="outline" className={QUICK} onClick={onReviewFlagged}>
            <Flag aria-hidden className="h-5 w-5" />
            Review Flagged Photos
          </Button>
          <ExportDialog />
          <SettingsDialog />
        </div>
      </PanelCard>
    </div>
  );
}
