import { EVENT_MESSAGES, extendRefusal, revealsAtEnd, type HostEvent } from '@afterglow/contracts';
import { CalendarClock } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, Button, buttonClass } from '@afterglow/ui';
import type { LifecycleDialogProps } from '../../hooks/useEventLifecycle';
import { dateTimeInputValue, formatDateTime } from '../../lib/format';
import { useT } from '../../text';
import { Field, inputClass } from '../Field';
import { DashboardDialog, DialogButtons } from './DashboardDialog';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The earliest and latest new end the picker offers (the latest: the plan's hosting days). */
function range(event: HostEvent, now: number) {
  const from = Math.max(now, Date.parse(event.endsAt)) + MINUTE;
  const to = event.maxEndsAt ? Date.parse(event.maxEndsAt) : null;
  return { from, to, room: to === null || to >= from };
}

/** 'Extend': a date-time picker up to the plan's maximum, which it shows. Reopens an ended event. */
export function ExtendEventDialog({ event, lifecycle: { extend } }: LifecycleDialogProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  const { from, to, room } = range(event, Date.now());
  const latest = to === null ? null : formatDateTime(new Date(to).toISOString(), undefined, t.locale);

  const onOpenChange = (o: boolean) => {
    setOpen(o);
    setError(undefined);
    // an hour later than now or the current end, within the plan
    if (o) setValue(dateTimeInputValue(new Date(Math.min(from - MINUTE + HOUR, to ?? Infinity))));
  };

  const submit = () => {
    const at = new Date(value);
    // the contracts' English: the field shows it in the page's language
    if (!value || Number.isNaN(at.getTime())) return setError(EVENT_MESSAGES.endDateRequired);
    const endsAt = at.toISOString();
    const refusal = event.hostingDays === null ? null : extendRefusal(event, endsAt, event.hostingDays);
    if (refusal) return setError(refusal);
    setError(undefined);
    extend.mutate(endsAt, {
      onSuccess: () => setOpen(false),
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400) setError(err.fieldErrors.endsAt ?? err.detail);
      },
    });
  };

  return (
    <DashboardDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="outline">
          <CalendarClock aria-hidden className="h-5 w-5" />
          {t('extend.button', 'Extend')}
        </Button>
      }
      title={t('extend.title', 'Extend the event')}
      description={
        <>
          <p>
            {revealsAtEnd(event)
              ? t(
                  'extend.nowEndsReveal',
                  'Now ends {time}. Guests can take photos until the new end, and the photos are revealed then.',
                  { time: formatDateTime(event.endsAt, event.timezone, t.locale) },
                )
              : t('extend.nowEnds', 'Now ends {time}. Guests can take photos until the new end.', {
                  time: formatDateTime(event.endsAt, event.timezone, t.locale),
                })}
          </p>
          {latest && (
            <p>
              {t.rich(
                'extend.latest',
                'Your plan’s {days, plural, other {#-day}} hosting lets it run until {latest} at the latest.',
                { days: event.hostingDays, latest: <strong>{latest}</strong> },
              )}
            </p>
          )}
        </>
      }
    >
      {room ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!extend.isPending) submit();
          }}
        >
          <Field
            id={id}
            label={t('extend.newEnd', 'New end date and time')}
            error={error}
            hint={latest ? t('extend.latestHint', 'Latest: {time}', { time: latest }) : undefined}
          >
            {(a11y) => (
              <input
                {...a11y}
                type="datetime-local"
                step={60}
                min={dateTimeInputValue(new Date(from))}
                max={to === null ? undefined : dateTimeInputValue(new Date(to))}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                className={inputClass}
              />
            )}
          </Field>
          <DialogButtons>
            <Button type="submit" disabled={extend.isPending}>
              {extend.isPending ? t('extend.busy', 'Extending...') : t('extend.submit', 'Extend Event')}
            </Button>
          </DialogButtons>
        </form>
      ) : (
        <>
          <p role="status" className="rounded-xl bg-amber-50 p-4 text-amber-950">
            {t(
              'extend.noRoom',
              'This event cannot run any longer on your plan. A plan with longer hosting lets it run on.',
            )}
          </p>
          <DialogButtons>
            <Link to="/pricing" className={buttonClass('primary')}>
              {t('common.viewPricing', 'View Pricing Plans')}
            </Link>
          </DialogButtons>
        </>
      )}
    </DashboardDialog>
  );
}
