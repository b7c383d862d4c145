import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { type Translate } from '@afterglow/ui';
import { formatDateTime } from '@afterglow/ui/format';
import { Modal } from '../components/Modal';
import { authorOf, photoAuthor, type ShownPhoto } from '../lib/format';
import { stableUrl } from '../lib/stableUrl';
import { useT } from '../text';

/** Which list the dialog shows, for its name: the event's photos, the guest's own, the public gallery's. */
export type PhotoKind = 'event' | 'yours' | 'public';

interface PhotoDialogProps<P extends ShownPhoto> {
  photos: P[];
  index: number | null;
  onIndexChange: (index: number | null) => void;
  kind: PhotoKind;
  /** what a guest may do with the photo shown (report it, delete their own) */
  actions?: (photo: P) => ReactNode;
}

/** The dialog's name: 'Event photo 3 of 12', 'Your photo 1 of 4', 'Photo 2 of 30'. */
function dialogTitle(t: Translate, kind: PhotoKind, at: { n: number; total: number } | null): string {
  if (!at) {
    if (kind === 'event') return t('dialog.eventPhoto', 'Event photo');
    if (kind === 'yours') return t('dialog.yourPhoto', 'Your photo');
    return t('dialog.photo', 'Photo');
  }
  if (kind === 'event') return t('dialog.eventPhotoOf', 'Event photo {n} of {total}', at);
  if (kind === 'yours') return t('dialog.yourPhotoOf', 'Your photo {n} of {total}', at);
  return t('dialog.photoOf', 'Photo {n} of {total}', at);
}

/** The large photo's description: its caption, else who took it (the name as the byline, lower case). */
function photoAlt(t: Translate, p: ShownPhoto): string {
  if (p.kind === 'clip') {
    return p.caption
      ? t('dialog.clipCaption', 'Clip: {caption}', { caption: p.caption })
      : t('dialog.clipBy', 'Clip by {author}', { author: photoAuthor(t, p) });
  }
  if (p.caption) return t('dialog.altCaption', 'Photo: {caption}', { caption: p.caption });
  const a = authorOf(p);
  if ('name' in a) return t('dialog.altBy', 'Photo by {name}', { name: a.name.toLowerCase() });
  return a.guest
    ? t('dialog.altGuest', 'Photo guest {id}', { id: a.guest.toLowerCase() })
    : t('dialog.altGuestUnknown', 'Photo guest');
}

const NAV =
  'absolute top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/55 text-white transition hover:bg-black/75 focus:outline-none focus-visible:ring-4 focus-visible:ring-white/70';

/**
 * One photo large (display rendition) with its caption and author; arrows and ←/→ move through the
 * list (mirrored right to left: the previous photo is on the right).
 */
export function PhotoDialog<P extends ShownPhoto>({
  photos,
  index,
  onIndexChange,
  kind,
  actions,
}: PhotoDialogProps<P>) {
  const t = useT();
  const photo = index === null ? undefined : photos[index];
  const [broken, setBroken] = useState<string | null>(null);
  const go = (delta: number) => {
    if (index === null || photos.length === 0) return;
    onIndexChange((index + delta + photos.length) % photos.length);
  };
  const src = photo ? stableUrl(photo.displayUrl ?? photo.thumbUrl) : null;
  const video = photo?.kind === 'clip' ? stableUrl(photo.videoUrl) : null;
  return (
    <Modal
      open={!!photo}
      onOpenChange={(open) => !open && onIndexChange(null)}
      title={dialogTitle(t, kind, photo && index !== null ? { n: index + 1, total: photos.length } : null)}
      dark
      className="max-w-3xl"
      onKeyDown={(e) => {
        const back = document.documentElement.dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
        const next = back === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
        if (e.key === back) go(-1);
        if (e.key === next) go(1);
      }}
    >
      {photo && (
        <div>
          <div className="relative">
            {video && broken !== photo.id ? (
              // a clip plays with its sound where the guest starts it (ADR 033)
              <video
                key={photo.id}
                src={video}
                poster={stableUrl(photo.posterUrl) ?? src ?? undefined}
                aria-label={photoAlt(t, photo)}
                controls
                playsInline
                preload="metadata"
                onError={() => setBroken(photo.id)}
                className="max-h-[65dvh] w-full rounded-xl bg-black object-contain"
              />
            ) : src && broken !== photo.id ? (
              <img
                key={photo.id}
                src={src}
                alt={photoAlt(t, photo)}
                onError={() => setBroken(photo.id)}
                className="max-h-[65dvh] w-full rounded-xl bg-black object-contain"
              />
            ) : (
              <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 rounded-xl bg-neutral-900 text-white/80">
                <ImageOff aria-hidden className="h-8 w-8" />
                <span>{t('dialog.developing', 'This photo is still developing.')}</span>
              </div>
            )}
            {photos.length > 1 && (
              <>
                <button
                  type="button"
                  aria-label={t('dialog.previous', 'Previous photo')}
                  onClick={() => go(-1)}
                  className={`${NAV} start-2`}
                >
                  <ChevronLeft aria-hidden className="h-6 w-6 rtl:-scale-x-100" />
                </button>
                <button
                  type="button"
                  aria-label={t('dialog.next', 'Next photo')}
                  onClick={() => go(1)}
                  className={`${NAV} end-2`}
                >
                  <ChevronRight aria-hidden className="h-6 w-6 rtl:-scale-x-100" />
                </button>
              </>
            )}
          </div>
          <div className="mt-3 space-y-1">
            {photo.caption && <p className="text-base text-white">{photo.caption}</p>}
            <p className="text-sm text-white/80">{photoAuthor(t, photo)}</p>
            <p className="text-xs text-white/60">{formatDateTime(photo.createdAt, t.locale)}</p>
          </div>
          {actions && (
            <div key={photo.id} className="mt-3 border-t border-white/15 pt-3">
              {actions(photo)}
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}
