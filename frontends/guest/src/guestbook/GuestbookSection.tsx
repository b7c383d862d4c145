import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookHeart, Loader2, MessageSquarePlus, Mic, Trash2 } from 'lucide-react';
import { apiRequest, Button, toast, translator, type Translate } from '@afterglow/ui';
import { formatDateTime } from '@afterglow/ui/format';
import { clipLength, type GuestbookStatus, type PublicGuestbookEntry } from '@afterglow/contracts';
import { Report } from '../gallery/PhotoActions';
import { serverError } from '../lib/errors';
import { stableUrl } from '../lib/stableUrl';
import { useT } from '../text';
import { deleteMessage, guestbookKey, guestbookPath, type GuestGuestbook } from './api';

/** The composer's code (its recorder, its dialog), fetched when a guest opens it. */
const GuestbookComposer = lazy(() =>
  import('./GuestbookComposer').then((m) => ({ default: m.GuestbookComposer })),
);

/** The gallery polls the guestbook as it polls photos. */
const POLL_MS = 10_000;

const STATUS: Record<GuestbookStatus, (t: Translate) => string> = {
  pending: (t) => t('guestbook.pending', 'Waiting for the hosts'),
  approved: (t) => t('guestbook.approved', 'Approved'),
  rejected: (t) => t('guestbook.rejected', 'Not shown'),
};

/** One entry: the words, or the recording with its length; who left it and when. */
function Entry({ e, children }: { e: PublicGuestbookEntry; children?: React.ReactNode }) {
  const t = useT();
  return (
    <li className="space-y-2 rounded-xl border border-neutral-200 bg-white p-4 shadow-sm">
      {e.kind === 'voice' && e.audioUrl ? (
        <div className="flex items-center gap-2">
          <Mic aria-hidden className="h-4 w-4 shrink-0 text-[var(--ag-primary-ink)]" />
          <audio
            // the first signed address, kept while it lasts: each poll signs it anew
            src={stableUrl(e.audioUrl) ?? undefined}
            controls
            preload="none"
            aria-label={t('guestbook.voiceBy', 'Voice message from {author}', { author: e.author })}
            className="h-10 w-full"
          />
          {e.durationMs != null && (
            <span className="text-sm tabular-nums text-neutral-600">{clipLength(e.durationMs)}</span>
          )}
        </div>
      ) : (
        <p className="whitespace-pre-line break-words text-neutral-900">{e.text}</p>
      )}
      <p className="text-sm text-neutral-600">
        {e.author} · {formatDateTime(e.createdAt, t.locale)}
      </p>
      {children}
    </li>
  );
}

/**
 * The gallery's guestbook: 'Leave a message' (the composer), the guest's own messages with their
 * status (theirs to delete before the reveal), and everyone's approved messages once photos show.
 * `/gallery/{code}?message=1` (from the 'Film Roll Complete!' card) opens the composer at once.
 */
export function GuestbookSection({ code, deviceId }: { code: string; deviceId: string | null }) {
  const t = useT();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(() => params.get('message') === '1' && !!deviceId);
  const q = useQuery<GuestGuestbook>({
    queryKey: guestbookKey(code),
    queryFn: () => apiRequest<GuestGuestbook>('GET', guestbookPath(code)),
    refetchInterval: POLL_MS,
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteMessage(id, deviceId ?? ''),
    onSuccess: () => {
      const t = translator();
      toast({ title: t('guestbook.deleted', 'Message deleted') });
      void qc.invalidateQueries({ queryKey: guestbookKey(code) });
    },
    onError: (err) => {
      const t = translator();
      toast({
        title: t('guestbook.deleteFailed', 'Could not delete the message'),
        description: serverError(t, err, t('common.tryAgain', 'Try again')),
        variant: 'destructive',
      });
    },
  });
  const data = q.data;
  const shown = data && (data.revealed || data.liveMode);
  const mine = data?.mine ?? [];
  const close = (o: boolean) => {
    setOpen(o);
    if (!o && params.has('message')) {
      params.delete('message');
      setParams(params, { replace: true });
    }
  };

  return (
    <section aria-labelledby="guestbook" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="guestbook" className="flex items-center gap-2 text-xl font-bold text-neutral-900">
          <BookHeart aria-hidden className="h-5 w-5 text-[var(--ag-primary-ink)]" />
          {t('guestbook.title', 'Guestbook')}
        </h2>
        {deviceId && (
          <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
            <MessageSquarePlus aria-hidden className="h-4 w-4" />
            {t('guestbook.leave', 'Leave a Message')}
          </Button>
        )}
      </div>

      {q.isPending ? (
        <div role="status" className="flex items-center gap-2 text-neutral-600">
          <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
          {t('guestbook.loading', 'Loading messages')}
        </div>
      ) : q.isError && !data ? (
        <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
          <p>{t('guestbook.loadFailed', 'We couldn’t load the guestbook. Check your connection.')}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void q.refetch()}>
            {t('common.tryAgain', 'Try again')}
          </Button>
        </div>
      ) : (
        <>
          {mine.length > 0 && (
            <div className="space-y-2">
              <h3 className="font-semibold text-neutral-800">{t('guestbook.yours', 'Your messages')}</h3>
              <ul className="space-y-2">
                {mine.map((e) => (
                  <Entry key={e.id} e={e}>
                    <div className="flex items-center justify-between gap-2">
                      <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-700">
                        {STATUS[e.status](t)}
                      </span>
                      {!data?.revealed && (
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={remove.isPending}
                          onClick={() => remove.mutate(e.id)}
                          aria-label={t('guestbook.deleteYours', 'Delete your message')}
                        >
                          <Trash2 aria-hidden className="h-4 w-4" />
                          {t('guestbook.delete', 'Delete')}
                        </Button>
                      )}
                    </div>
                  </Entry>
                ))}
              </ul>
            </div>
          )}
          {!shown ? (
            <p className="text-neutral-700">
              {t('guestbook.hidden', 'Messages the hosts approve appear here at the reveal.')}
            </p>
          ) : data.entries.length === 0 ? (
            <p className="text-neutral-700">{t('guestbook.empty', 'No messages yet. Be the first!')}</p>
          ) : (
            <ul className="space-y-2">
              {data.entries.map((e) => (
                <Entry key={e.id} e={e}>
                  {/* anyone with a device of the event may report a message (not their own) */}
                  {deviceId && !mine.some((m) => m.id === e.id) && (
                    <Report
                      message
                      id={e.id}
                      deviceId={deviceId}
                      onReported={() => void qc.invalidateQueries({ queryKey: guestbookKey(code) })}
                    />
                  )}
                </Entry>
              ))}
            </ul>
          )}
        </>
      )}

      {deviceId && open && (
        <Suspense fallback={null}>
          <GuestbookComposer
            code={code}
            deviceId={deviceId}
            voice={!!data?.voiceMessages}
            open={open}
            onOpenChange={close}
            onSent={() => void qc.invalidateQueries({ queryKey: guestbookKey(code) })}
          />
        </Suspense>
      )}
    </section>
  );
}
