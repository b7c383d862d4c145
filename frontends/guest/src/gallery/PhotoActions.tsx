import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Flag, Loader2, Trash2 } from 'lucide-react';
import { REPORT_REASON_KEYS, type PhotoDto, type ReportReason } from '@afterglow/contracts';
import { Button, apiRequest, toast, translator } from '@afterglow/ui';
import { devicePhotosKey, eventPhotosKey } from '../lib/api';
import { REPORT_REASON_TEXT } from '../lib/gallery-contract-text';
import { serverError } from '../lib/errors';
import { useT } from '../text';

/** A quiet button on the photo dialog's dark background, thumb-sized. */
const ON_DARK =
  'inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-white hover:bg-white/10 focus:outline-none focus-visible:ring-4 focus-visible:ring-white/70';

/** Photos this phone reported (kept on the phone, so the button says so after a reload). */
const REPORTED_KEY = 'afterglow:reported';
const reportedIds = (): string[] => {
  try {
    return JSON.parse(localStorage.getItem(REPORTED_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
};
const rememberReported = (id: string) => {
  try {
    localStorage.setItem(REPORTED_KEY, JSON.stringify([...reportedIds(), id].slice(-500)));
  } catch {
    // private mode: the server still counts this device once
  }
};

/** A quiet button on a light card (the guestbook), thumb-sized. */
const ON_LIGHT =
  'inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-neutral-700 hover:bg-neutral-100 focus:outline-none focus-visible:ring-4 focus-visible:ring-[var(--ag-primary-soft)]';

/**
 * 'Report photo' under an event photo (ADR 023), 'Report message' under a guestbook message (ADR 034):
 * the guest says why; the host reviews it, and what enough guests report is hidden from everyone until
 * then. Needs a device of the event.
 */
export function Report({
  message = false,
  id,
  deviceId,
  onReported,
}: {
  /** a guestbook message on its card (light), not a photo in its dialog (dark) */
  message?: boolean;
  id: string;
  deviceId: string;
  onReported: () => void;
}) {
  const t = useT();
  const photo = !message;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [done, setDone] = useState(() => reportedIds().includes(id));
  const send = useMutation({
    mutationFn: () =>
      apiRequest('POST', `/api/${photo ? 'photos' : 'guestbook'}/${encodeURIComponent(id)}/report`, {
        deviceId,
        reason,
      }),
    onSuccess: () => {
      rememberReported(id);
      setDone(true);
      setOpen(false);
      const t = translator();
      toast({
        title: photo ? t('report.done', 'Photo reported') : t('report.messageDone', 'Message reported'),
        description: t('report.thanks', 'Thank you. The host will take a look.'),
      });
      onReported();
    },
    onError: (err) => {
      const t = translator();
      toast({
        title: t('report.failed', 'Report failed'),
        description: serverError(
          t,
          err,
          photo
            ? t('report.failedText', 'Could not report photo')
            : t('report.messageFailedText', 'Could not report message'),
        ),
        variant: 'destructive',
      });
    },
  });
  const quiet = photo ? ON_DARK : ON_LIGHT;
  const ink = photo ? 'text-white' : 'text-neutral-900';
  if (done)
    return (
      <p className={`text-sm ${photo ? 'text-white/80' : 'text-neutral-600'}`}>
        {photo
          ? t('report.reported', 'You reported this photo. The host will review it.')
          : t('report.messageReported', 'You reported this message. The host will review it.')}
      </p>
    );
  if (!open)
    return (
      <button type="button" className={quiet} onClick={() => setOpen(true)}>
        <Flag aria-hidden className="h-4 w-4" />
        {photo ? t('report.open', 'Report photo') : t('report.openMessage', 'Report message')}
      </button>
    );
  return (
    <form
      className={`space-y-3 rounded-xl p-3 ${photo ? 'bg-white/10' : 'bg-neutral-50'}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (reason) send.mutate();
      }}
    >
      <fieldset className="space-y-1">
        <legend className={`mb-1 font-semibold ${ink}`}>
          {photo
            ? t('report.why', 'Why are you reporting this photo?')
            : t('report.whyMessage', 'Why are you reporting this message?')}
        </legend>
        {REPORT_REASON_KEYS.map((k) => (
          <label key={k} className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 ${ink}`}>
            <input
              type="radio"
              name={`report-reason-${id}`}
              value={k}
              checked={reason === k}
              onChange={() => setReason(k)}
              className="h-5 w-5 accent-[var(--ag-primary)]"
            />
            {t(REPORT_REASON_TEXT[k])}
          </label>
        ))}
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!reason || send.isPending}>
          {send.isPending && <Loader2 aria-hidden className="h-4 w-4 animate-spin" />}
          {t('report.send', 'Send Report')}
        </Button>
        <button type="button" className={quiet} onClick={() => setOpen(false)}>
          {t('common.cancel', 'Cancel')}
        </button>
      </div>
    </form>
  );
}

/** 'Report photo' in an event photo's dialog: reported, the gallery asks again (it may be hidden). */
export function ReportPhoto({ photo, code, deviceId }: { photo: PhotoDto; code: string; deviceId: string }) {
  const qc = useQueryClient();
  return (
    <Report
      id={photo.id}
      deviceId={deviceId}
      onReported={() => void qc.invalidateQueries({ queryKey: eventPhotosKey(code) })}
    />
  );
}

/** 'Delete photo' under a guest's own shot, before the reveal; asks first (the shot stays used). */
export function DeleteOwnPhoto({
  photo,
  deviceId,
  onDeleted,
}: {
  photo: PhotoDto;
  deviceId: string;
  onDeleted: () => void;
}) {
  const t = useT();
  const qc = useQueryClient();
  const [asking, setAsking] = useState(false);
  const del = useMutation({
    mutationFn: () =>
      apiRequest('DELETE', `/api/photos/${photo.id}?deviceId=${encodeURIComponent(deviceId)}`),
    onSuccess: () => {
      const t = translator();
      toast({
        title: t('delete.done', 'Photo deleted'),
        description: t('delete.doneText', 'Nobody will see it.'),
      });
      onDeleted();
      void qc.invalidateQueries({ queryKey: devicePhotosKey(deviceId) });
    },
    onError: (err) => {
      const t = translator();
      toast({
        title: t('delete.failed', 'Delete failed'),
        description: serverError(t, err, t('delete.failedText', 'Could not delete photo')),
        variant: 'destructive',
      });
    },
  });
  if (!asking)
    return (
      <button type="button" className={ON_DARK} onClick={() => setAsking(true)}>
        <Trash2 aria-hidden className="h-4 w-4" />
        {t('delete.open', 'Delete photo')}
      </button>
    );
  return (
    <div role="group" aria-labelledby={`delete-${photo.id}`} className="space-y-3 rounded-xl bg-white/10 p-3">
      <p id={`delete-${photo.id}`} className="text-white">
        {t('delete.confirm', 'Delete this photo? Nobody will see it, and the shot stays used.')}
      </p>
      <div className="flex gap-2">
        <Button variant="destructive" size="sm" disabled={del.isPending} onClick={() => del.mutate()}>
          {del.isPending && <Loader2 aria-hidden className="h-4 w-4 animate-spin" />}
          {t('delete.delete', 'Delete')}
        </Button>
        <button type="button" className={ON_DARK} onClick={() => setAsking(false)}>
          {t('common.keepPhoto', 'Keep Photo')}
        </button>
      </div>
    </div>
  );
}
