import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Bell, BellRing, Loader2, Mail, Smartphone } from 'lucide-react';
import { Button, Card } from '@afterglow/ui';
import { useT } from '../text';
import type { ReminderChannel } from './api';
import { EmailForm } from './EmailForm';
import { reminderError } from './errors';
import { pushSupport } from './push';
import { useReminders } from './useReminders';

/** A reminder that is set: what will happen, and 'Stop'. */
function SetLine({
  icon,
  children,
  stopLabel,
  busy,
  onStop,
}: {
  icon: ReactNode;
  children: ReactNode;
  stopLabel: string;
  busy: boolean;
  onStop: () => void;
}) {
  const t = useT();
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl bg-[var(--ag-primary-soft)] p-3">
      <p className="flex min-w-0 items-center gap-2 font-medium break-words text-neutral-900">
        {icon}
        <span className="min-w-0">{children}</span>
      </p>
      <Button variant="ghost" size="sm" disabled={busy} onClick={onStop} aria-label={stopLabel}>
        {t('reminder.stop', 'Stop')}
      </Button>
    </div>
  );
}

/**
 * 'Tell me when the photos are revealed' (the gallery, before the reveal): a push to this phone where
 * Web Push works, or an e-mail; each set one can be stopped. Hidden once the photos are revealed.
 * `/gallery/{code}?remind=1` (from the 'Film Roll Complete!' card) brings it into view.
 */
export function RevealReminder({ code, deviceId }: { code: string; deviceId: string }) {
  const t = useT();
  const { query, action } = useReminders(code, deviceId);
  const [support] = useState(() => pushSupport());
  const heading = useRef<HTMLHeadingElement>(null);
  const [params, setParams] = useSearchParams();
  const remind = params.get('remind') === '1';
  const loaded = !query.isPending;

  useEffect(() => {
    if (!remind || !loaded) return;
    heading.current?.scrollIntoView({ block: 'center' });
    heading.current?.focus({ preventScroll: true });
    params.delete('remind');
    setParams(params, { replace: true });
  }, [remind, loaded, params, setParams]);

  const state = query.data;
  if (state?.revealed) return null;

  const busy = action.isPending;
  const last = action.variables;
  const failed = action.isError ? reminderError(t, action.error) : null;
  const stop = (channel: ReminderChannel) => action.mutate({ kind: 'stop', channel });
  // what the last call did, said once by the status region (present from the first render, so that
  // screen readers announce what appears in it)
  const done = action.isSuccess && action.data ? last?.kind : undefined;
  const said =
    done === 'stop'
      ? t('reminder.stopped', 'Reminder stopped.')
      : done === 'email' && state?.email
        ? t('reminder.emailSet', 'We will tell you at {email}.', { email: state.email })
        : done === 'push' && state?.push
          ? t('reminder.pushSet', 'We will notify this phone.')
          : '';

  return (
    <section aria-labelledby="reveal-reminder">
      <Card className="space-y-4 p-5">
        <p role="status" className="sr-only">
          {said}
        </p>
        <h2
          id="reveal-reminder"
          ref={heading}
          tabIndex={-1}
          className="flex items-center gap-2 text-lg font-bold text-neutral-900 focus:outline-none"
        >
          <BellRing aria-hidden className="h-5 w-5 shrink-0 text-[var(--ag-primary-ink)]" />
          {t('reminder.title', 'Tell me when the photos are revealed')}
        </h2>

        {query.isPending ? (
          <div role="status" className="flex items-center gap-2 text-neutral-600">
            <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
            {t('reminder.loading', 'Loading your reminder')}
          </div>
        ) : !state ? (
          <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
            <p>{t('reminder.loadFailed', 'We couldn’t load your reminder. Check your connection.')}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
              {t('common.tryAgain', 'Try again')}
            </Button>
          </div>
        ) : (
          <>
            <div className="space-y-2 empty:hidden">
              {state.push && (
                <SetLine
                  icon={<Smartphone aria-hidden className="h-5 w-5 shrink-0 text-[var(--ag-primary-ink)]" />}
                  stopLabel={t('reminder.stopPush', 'Stop notifications on this phone')}
                  busy={busy}
                  onStop={() => stop('push')}
                >
                  {t('reminder.pushSet', 'We will notify this phone.')}
                </SetLine>
              )}
              {state.email && (
                <SetLine
                  icon={<Mail aria-hidden className="h-5 w-5 shrink-0 text-[var(--ag-primary-ink)]" />}
                  stopLabel={t('reminder.stopEmail', 'Stop the e-mail reminder')}
                  busy={busy}
                  onStop={() => stop('email')}
                >
                  {t('reminder.emailSet', 'We will tell you at {email}.', { email: state.email })}
                </SetLine>
              )}
              {done === 'stop' && (
                <p aria-hidden className="text-neutral-700">
                  {t('reminder.stopped', 'Reminder stopped.')}
                </p>
              )}
            </div>

            {!state.push && support === 'ready' && (
              <Button
                variant="outline"
                className="w-full"
                disabled={busy}
                onClick={() => action.mutate({ kind: 'push' })}
              >
                {busy && last?.kind === 'push' ? (
                  <Loader2 aria-hidden className="h-5 w-5 animate-spin" />
                ) : (
                  <Bell aria-hidden className="h-5 w-5" />
                )}
                {t('reminder.push', 'Notify me on this phone')}
              </Button>
            )}
            {!state.push && support === 'install' && (
              <p className="rounded-xl bg-neutral-100 p-3 text-sm text-neutral-700">
                {t(
                  'reminder.installHint',
                  'On iPhone, add Afterglow to your Home Screen to get a notification.',
                )}
              </p>
            )}
            {failed && last?.kind !== 'email' && (
              <p
                role="alert"
                className="rounded-xl border border-red-300 bg-red-50 p-3 font-medium text-red-800"
              >
                {failed}
              </p>
            )}

            {!state.email && (
              <EmailForm
                busy={busy}
                sending={busy && last?.kind === 'email'}
                error={failed && last?.kind === 'email' ? failed : null}
                onSubmit={(email) => action.mutate({ kind: 'email', email })}
              />
            )}
            <p className="text-sm text-neutral-600">
              {t(
                'reminder.privacy',
                'Your address is used only for this message and is deleted with the event.',
              )}
            </p>
          </>
        )}
      </Card>
    </section>
  );
}
