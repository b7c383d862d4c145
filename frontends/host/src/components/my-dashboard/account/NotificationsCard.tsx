import type { MailPreference } from '@afterglow/contracts';
import { Mail } from 'lucide-react';
import { useId } from 'react';
import { Card, Skeleton, msg, type MessageDescriptor } from '@afterglow/ui';
import { problemText } from '../../../lib/problems';
import { useT } from '../../../text';
import { InlineLoadError } from '../../EventStates';
import { SwitchRow } from '../../Switch';
import { useNotificationChange, useNotificationSettings } from './notifications';

/** The host notices a host may turn off (MAIL_PREFERENCES), in the order shown. */
const SETTINGS: { key: MailPreference; label: MessageDescriptor }[] = [
  {
    key: 'hosting',
    label: msg('notifications.hosting', 'When hosting of an event ends, and before it is deleted'),
  },
  { key: 'reveal', label: msg('notifications.reveal', 'When an event’s photos are revealed') },
];

/** 'E-mail notifications': each host notice on or off, saved as it is switched. */
export function NotificationsCard() {
  const t = useT();
  const id = useId();
  const settings = useNotificationSettings();
  const change = useNotificationChange();
  const heading = `${id}-heading`;
  const note = `${id}-note`;
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={heading} aria-busy={settings.isPending} className="space-y-4">
        <h2 id={heading} className="flex items-center gap-2 text-xl font-bold">
          <Mail aria-hidden className="h-5 w-5 text-[var(--ag-primary-ink)]" />
          {t('notifications.title', 'E-mail notifications')}
        </h2>
        {settings.data ? (
          <div role="group" aria-labelledby={heading} aria-describedby={note} className="space-y-4">
            {SETTINGS.map(({ key, label }) => (
              <SwitchRow
                key={key}
                id={`${id}-${key}`}
                label={t(label)}
                checked={settings.data[key]}
                onCheckedChange={(on) => change.mutate({ [key]: on })}
              />
            ))}
          </div>
        ) : settings.isError ? (
          <InlineLoadError
            error={settings.error}
            fallback={t('notifications.loadFailed', 'Your e-mail settings could not be loaded.')}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <div className="space-y-4">
            <Skeleton className="h-7 w-full" />
            <Skeleton className="h-7 w-full" />
          </div>
        )}
        <p id={note} className="text-sm text-neutral-600">
          {t('notifications.always', 'Receipts and account security messages are always sent.')}
        </p>
        {/* always in the page, so that what happened is announced */}
        <p role="status" className={change.isIdle || change.isError ? 'sr-only' : 'text-sm text-neutral-700'}>
          {change.isPending
            ? t('common.saving', 'Saving...')
            : change.isSuccess
              ? t('notifications.saved', 'Your e-mail settings were saved.')
              : null}
        </p>
        {change.isError && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-900">
            {t('notifications.failed', 'Your change could not be saved.')}{' '}
            {problemText(
              t,
              change.error,
              t('common.checkConnection', 'Check your connection and try again.'),
            )}
          </p>
        )}
      </section>
    </Card>
  );
}
