import * as Dialog from '@radix-ui/react-dialog';
import { Link } from 'react-router';
import { useState } from 'react';
import { Camera, Clock, Download, Flag, Lock, Settings } from 'lucide-react';
import { ADMIN_EXPORT_KINDS, type AuditEntryDto } from '@afterglow/contracts';
import { Button, Spinner, buttonClass } from '@afterglow/ui';
import { useT } from '../text';
import { useActivity, useAdminSettings } from './api';
import { DialogFrame } from '@afterglow/ui/dialog-frame';
import { problemText } from './errors';
import { AUDIT_ACTIONS, EXPORT_LABELS, LIST_TEXT } from './labels';
import { Badge, ListBody, PanelCard } from './parts';
import { ago, moment } from './when';

const QUICK = 'h-auto min-h-11 w-full justify-start py-2 text-start';

function ActivityItem({ entry }: { entry: AuditEntryDto }) {
  const t = useT();
  const at = new Date(entry.at);
  const action = AUDIT_ACTIONS[entry.action];
  const target = <span className="font-mono break-all">{entry.targetId}</span>;
  return (
    <li className="py-3">
      <p className="font-medium text-neutral-900">{action ? t(action) : entry.action}</p>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-neutral-700">
        <span className="break-all">
          {entry.actorEmail ?? t('activity.deletedAccount', 'Deleted account')}
        </span>
        <Badge tone={entry.actorRole === 'admin' ? 'upcoming' : 'ended'}>
          {entry.actorRole === 'admin' ? t('activity.admin', 'Admin') : t('activity.host', 'Host')}
        </Badge>
        <time dateTime={entry.at} title={moment(at, t.locale)}>
          {ago(at, t.locale)}
        </time>
      </p>
      <p className="text-xs text-neutral-700">
        {entry.targetLabel
          ? t.rich('activity.targetNamed', 'Target {label} {id}', {
              label: <span className="break-all text-neutral-900">{entry.targetLabel}</span>,
              id: target,
            })
          : t.rich('activity.target', 'Target {id}', { id: target })}
        {entry.reason && <> · {t('activity.reason', 'Reason: {reason}', { reason: entry.reason })}</>}
      </p>
    </li>
  );
}

function RecentActivity() {
  const t = useT();
  const query = useActivity();
  return (
    <PanelCard title={t('activity.title', 'Recent Activity')}>
      <ListBody
        query={query}
        text={LIST_TEXT.entries}
        empty={t('activity.empty', 'No admin activity yet')}
        emptyHint={t(
          'activity.emptyHint',
          'Suspensions, deletions and photo decisions by admins and hosts are listed here.',
        )}
        icon={Clock}
      >
        {(rows) => (
          <ul
            aria-label={t('activity.list', 'Recent activity')}
            className="-my-3 divide-y divide-neutral-100"
          >
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
  const t = useT();
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button variant="outline" className={QUICK}>
          <Download aria-hidden className="h-5 w-5" />
          {t('export.title', 'Export Data')}
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title={t('export.title', 'Export Data')}
        description={t('export.description', 'Download a CSV file of everything on the platform.')}
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
                {t(EXPORT_LABELS[kind])}
              </a>
            </li>
          ))}
        </ul>
      </DialogFrame>
    </Dialog.Root>
  );
}

function SettingsList() {
  const t = useT();
  const query = useAdminSettings(true);
  if (query.isPending) return <Spinner label={t('settings.loading', 'Loading settings')} />;
  if (query.isError)
    return (
      <div role="alert" className="grid justify-items-start gap-2">
        <p className="text-red-700">
          {t('settings.failed', 'Could not load settings. {reason}', {
            reason: problemText(t, query.error, ''),
          })}
        </p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('list.tryAgain', 'Try again')}
        </Button>
      </div>
    );
  return (
    <>
      <p className="mb-3 text-sm text-neutral-700">
        {t.rich('settings.mode', 'Mode: {mode}', {
          mode: <span className="font-semibold text-neutral-900">{query.data.mode}</span>,
        })}
      </p>
      <dl className="divide-y divide-neutral-100 text-sm">
        {query.data.settings.map((s) => (
          <div
            key={s.key}
            className="grid gap-1 py-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:gap-3"
          >
            <dt className="break-all font-mono text-xs font-semibold text-neutral-900">{s.key}</dt>
            <dd className="break-all text-neutral-800">
              {s.secret && (
                <Lock aria-label={t('settings.secret', 'Secret')} className="me-1 inline h-3.5 w-3.5" />
              )}
              {s.value ?? <span className="text-neutral-700">{t('settings.notSet', 'Not set')}</span>}
            </dd>
            <dd className="text-xs text-neutral-700">
              {s.source === 'environment'
                ? t('settings.environment', 'Environment')
                : t('settings.default', 'Default')}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function SettingsDialog() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" className={QUICK}>
          <Settings aria-hidden className="h-5 w-5" />
          {t('settings.title', 'System Settings')}
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title={t('settings.title', 'System Settings')}
        description={t(
          'settings.description',
          'The configuration in effect. Secrets are never shown, only whether they are set.',
        )}
      >
        {open && <SettingsList />}
      </DialogFrame>
    </Dialog.Root>
  );
}

export function OverviewPanel({ onReviewFlagged }: { onReviewFlagged: () => void }) {
  const t = useT();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <RecentActivity />
      <PanelCard title={t('quick.title', 'Quick Actions')}>
        <div className="grid gap-3">
          <Link to="/test-camera" className={buttonClass('primary', 'md', QUICK)}>
            <Camera aria-hidden className="h-5 w-5" />
            {t('quick.testCamera', 'Test Camera Interface')}
          </Link>
          <Button variant="outline" className={QUICK} onClick={onReviewFlagged}>
            <Flag aria-hidden className="h-5 w-5" />
            {t('quick.reviewFlagged', 'Review Flagged Photos')}
          </Button>
          <ExportDialog />
          <SettingsDialog />
        </div>
      </PanelCard>
    </div>
  );
}
