import type { GuestbookEntryDto } from '@afterglow/contracts';
import { Check, Mic, X } from 'lucide-react';
import { Button, SignedAudio, msg, type MessageDescriptor } from '@afterglow/ui';
import { useModerateEntry } from '../../hooks/useGuestbook';
import { clipClock } from '../../lib/clips';
import { entryAuthor, formatDateTime, timeAgo } from '../../lib/format';
import { useT } from '../../text';
import { CARD_FOCUS } from '../PhotoThumb';

/** A message's status, in words that agree with 'message' (photos' agree with 'photo' in some languages). */
export const ENTRY_STATUS: Record<GuestbookEntryDto['status'], MessageDescriptor> = {
  pending: msg('guestbook.statusPending', 'Pending'),
  approved: msg('guestbook.statusApproved', 'Approved'),
  rejected: msg('guestbook.statusRejected', 'Rejected'),
};
const TONE: Record<GuestbookEntryDto['status'], string> = {
  pending: 'bg-amber-100 text-amber-900 border-amber-300',
  approved: 'bg-emerald-100 text-emerald-900 border-emerald-300',
  rejected: 'bg-red-100 text-red-900 border-red-300',
};
const badge = 'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold';

/** The status, and, as on photos, guests' reports and the hold they put on it. */
function EntryStatusBadge({ entry }: { entry: GuestbookEntryDto }) {
  const t = useT();
  return (
    <span className="flex flex-wrap gap-1">
      <span className={`${badge} ${TONE[entry.status] ?? TONE.pending}`}>
        {t(ENTRY_STATUS[entry.status] ?? ENTRY_STATUS.pending)}
      </span>
      {entry.reportCount > 0 && (
        <span className={`${badge} border-orange-300 bg-orange-100 text-orange-900`}>
          {t(
            'guestbook.reported',
            'Reported by {count, plural, one {{count} guest} other {{count} guests}}',
            { count: entry.reportCount },
          )}
        </span>
      )}
      {entry.held && (
        <span className={`${badge} border-red-300 bg-red-100 text-red-900`}>
          {t('photoStatus.held', 'Hidden until you decide')}
        </span>
      )}
    </span>
  );
}

/** One guestbook entry on the dashboard: who, when, the message or its recording, Approve and Reject. */
export function GuestbookEntryCard({ entry, timeZone }: { entry: GuestbookEntryDto; timeZone: string }) {
  const t = useT();
  const moderate = useModerateEntry();
  const author = entryAuthor(entry, t);
  const titleId = `entry-${entry.id}-title`;
  const clock = clipClock(entry.durationMs);
  // an entry guests' reports hold waits for a decision, whatever its status (as photos)
  const done = (status: GuestbookEntryDto['status']) => entry.status === status && !entry.held;
  const act = (action: 'approve' | 'reject') => moderate.mutate({ entryId: entry.id, action });
  return (
    <article
      aria-labelledby={titleId}
      tabIndex={0}
      data-guestbook-card
      data-entry-id={entry.id}
      aria-keyshortcuts="A R"
      className={`flex w-full flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4 shadow-sm ${CARD_FOCUS}`}
    >
      <EntryStatusBadge entry={entry} />
      <div>
        <h3 id={titleId} className="font-semibold break-words text-neutral-900">
          {author}
        </h3>
        <p className="text-xs text-neutral-500">
          <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt, timeZone, t.locale)}>
            {timeAgo(entry.createdAt, t.locale)}
          </time>
        </p>
      </div>
      {entry.kind === 'voice' ? (
        <div className="space-y-2">
          <p className="flex items-center gap-1.5 text-sm font-medium text-neutral-700">
            <Mic aria-hidden className="h-4 w-4 shrink-0" />
            {clock
              ? t('guestbook.voiceLength', 'Voice message ({length})', { length: clock })
              : t('guestbook.voice', 'Voice message')}
          </p>
          {entry.audioUrl ? (
            <SignedAudio
              url={entry.audioUrl}
              label={t('guestbook.audioLabel', 'Voice message from {name}', { name: author })}
              className="h-10 w-full"
            />
          ) : (
            <p className="text-sm text-neutral-600">
              {t('guestbook.audioMissing', 'The recording cannot be played.')}
            </p>
          )}
        </div>
      ) : (
        // the guest's own words, in whichever script they wrote them
        <p dir="auto" className="whitespace-pre-line break-words text-neutral-800">
          {entry.text}
        </p>
      )}
      <div className="mt-auto grid grid-cols-2 gap-2 pt-1">
        <Button
          size="sm"
          variant="primary"
          className="px-2"
          data-action="approve"
          aria-label={t('guestbook.approveFrom', 'Approve the message from {name}', { name: author })}
          disabled={moderate.isPending || done('approved')}
          onClick={() => act('approve')}
        >
          <Check aria-hidden className="h-4 w-4" />
          {t('moderation.approve', 'Approve')}
        </Button>
        <Button
          size="sm"
          variant="destructive"
          className="px-2"
          data-action="reject"
          aria-label={t('guestbook.rejectFrom', 'Reject the message from {name}', { name: author })}
          disabled={moderate.isPending || done('rejected')}
          onClick={() => act('reject')}
        >
          <X aria-hidden className="h-4 w-4" />
          {t('moderation.reject', 'Reject')}
        </Button>
      </div>
    </article>
  );
}
