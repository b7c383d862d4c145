import type { PublicEvent, PublicGuestbookEntry } from '@afterglow/contracts';
import { Quote } from 'lucide-react';
import { entryAuthor } from '../../lib/format';
import { screenPaper } from '../../lib/screen-theme';
import { useT } from '../../text';

/** Short messages fill the card; the longest (500 characters) still fit a screen at a glance. */
function quoteSize(text: string): string {
  const length = [...text].length;
  if (length <= 60) return 'text-3xl sm:text-5xl lg:text-6xl';
  if (length <= 160) return 'text-2xl sm:text-4xl lg:text-5xl';
  if (length <= 320) return 'text-xl sm:text-3xl lg:text-4xl';
  return 'text-lg sm:text-2xl lg:text-3xl';
}

/**
 * A guestbook message on a venue screen (ADR 034), between the photos: the words as a large quote on
 * the event's paper, or, for a voice message, who left one (screens stay muted: nothing plays).
 */
export function GuestbookCard({ entry, event }: { entry: PublicGuestbookEntry; event: PublicEvent }) {
  const t = useT();
  const author = entryAuthor(entry, t);
  const text = entry.text?.trim() ?? '';
  return (
    <figure
      aria-label={t('venue.guestbookCard', 'Guestbook message from {name}', { name: author })}
      className="mx-auto flex h-full max-w-5xl flex-col items-center justify-center gap-4 overflow-hidden rounded-2xl border-t-8 p-6 text-center text-neutral-900 shadow-2xl motion-safe:animate-[ag-fade-in_0.8s_ease-out] sm:gap-8 sm:p-12"
      style={{ background: screenPaper(event), borderTopColor: 'var(--ag-primary)' }}
    >
      <p className="flex items-center gap-2 text-base font-bold tracking-wide text-[var(--ag-primary-ink)] uppercase sm:text-xl">
        <Quote aria-hidden className="h-6 w-6 fill-current sm:h-8 sm:w-8 rtl:-scale-x-100" />
        {t('venue.guestbook', 'Guestbook')}
      </p>
      {entry.kind !== 'voice' ? (
        <>
          <blockquote className="min-h-0 max-w-4xl">
            {/* the guest's words in whichever script they wrote them, their line breaks kept */}
            <p
              dir="auto"
              className={`font-semibold leading-tight break-words whitespace-pre-line ${quoteSize(text)}`}
            >
              {text}
            </p>
          </blockquote>
          <figcaption className="text-xl text-neutral-700 sm:text-3xl">
            {t('venue.guestbookFrom', 'From {name}', { name: author })}
          </figcaption>
        </>
      ) : (
        <figcaption className="text-3xl font-semibold sm:text-5xl">
          <span aria-hidden className="me-3">
            🎙
          </span>
          {t('venue.voiceMessage', 'A voice message from {name}', { name: author })}
        </figcaption>
      )}
    </figure>
  );
}
