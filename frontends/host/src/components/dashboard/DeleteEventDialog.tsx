import type { HostEvent } from '@afterglow/contracts';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@afterglow/ui';
import type { LifecycleDialogProps } from '../../hooks/useEventLifecycle';
import { useT } from '../../text';
import { Field, inputClass } from '../Field';
import { DashboardDialog, DialogButtons } from './DashboardDialog';

/** Typed confirmation: the event's code (any case) or its exact name. */
const confirms = (typed: string, e: HostEvent) => {
  const t = typed.trim();
  return t !== '' && (t.toUpperCase() === e.code || t === e.name.trim());
};

/** 'Delete Event': says the photos go for good, and asks for the code or name before it deletes. */
export function DeleteEventDialog({ event, lifecycle: { remove } }: LifecycleDialogProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const id = useId();
  const ok = confirms(typed, event);
  return (
    <DashboardDialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setTyped('');
      }}
      trigger={
        <Button variant="destructive">
          <Trash2 aria-hidden className="h-5 w-5" />
          {t('delete.button', 'Delete Event')}
        </Button>
      }
      title={t('delete.title', 'Delete this event?')}
      description={
        <>
          <p>
            {t.rich('delete.text', '{name} will be deleted for you and every guest, with all its photos.', {
              name: <strong className="break-words">{event.name}</strong>,
            })}
          </p>
          <p className="font-semibold text-red-800">
            {t('delete.warning', 'The photos will be deleted and cannot be restored.')}
          </p>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ok && !remove.isPending) remove.mutate();
        }}
      >
        <Field
          id={id}
          label={t('delete.confirmLabel', 'Type the event code {code} or its name to confirm', {
            code: event.code,
          })}
        >
          {(a11y) => (
            <input
              {...a11y}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              className={inputClass}
            />
          )}
        </Field>
        <DialogButtons>
          <Button type="submit" variant="destructive" disabled={!ok || remove.isPending}>
            {remove.isPending ? t('delete.busy', 'Deleting...') : t('delete.button', 'Delete Event')}
          </Button>
        </DialogButtons>
      </form>
    </DashboardDialog>
  );
}
