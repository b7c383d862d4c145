import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Modal } from '../components/Modal';
import { formatDateTime, photoAuthor, type ShownPhoto } from '../lib/format';
import { stableUrl } from '../lib/stableUrl';

interface PhotoDialogProps<P extends ShownPhoto> {
  photos: P[];
  index: number | null;
  onIndexChange: (index: number | null) => void;
  /** 'Event photo' or 'Your photo', for the dialog's name */
  kind: string;
  /** what a guest may do with the photo shown (report it, delete their own) */
  actions?: (photo: P) => ReactNode;
}

const NAV =
  'absolute top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/55 text-white transition hover:bg-black/75 focus:outline-none focus-visible:ring-4 focus-visible:ring-white/70';

/** One photo large (display rendition) with its caption and author; arrows and ←/→ move through the list. */
export function PhotoDialog<P extends ShownPhoto>({
  photos,
  index,
  onIndexChange,
  kind,
  actions,
}: PhotoDialogProps<P>) {
  const photo = index === null ? undefined : photos[index];
  const [broken, setBroken] = useState<string | null>(null);
  const go = (delta: number) => {
    if (index === null || photos.length === 0) return;
    onIndexChange((index + delta + photos.length) % photos.length);
  };
  const src = photo ? stableUrl(photo.displayUrl ?? photo.thumbUrl) : null;
  return (
    <Modal
      open={!!photo}
      onOpenChange={(open) => !open && onIndexChange(null)}
      title={photo && index !== null ? `${kind} ${index + 1} of ${photos.length}` : kind}
      dark
      className="max-w-3xl"
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') go(-1);
        if (e.key === 'ArrowRight') go(1);
      }}
    >
      {photo && (
        <div>
          <div className="relative">
            {src && broken !== photo.id ? (
              <img
                key={photo.id}
                src={src}
                alt={photo.caption ? `Photo: ${photo.caption}` : `Photo ${photoAuthor(photo).toLowerCase()}`}
                onError={() => setBroken(photo.id)}
                className="max-h-[65dvh] w-full rounded-xl bg-black object-contain"
              />
            ) : (
              <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 rounded-xl bg-neutral-900 text-white/80">
                <ImageOff aria-hidden className="h-8 w-8" />
                <span>This photo is still developing.</span>
              </div>
            )}
            {photos.length > 1 && (
              <>
                <button
                  type="button"
                  aria-label="Previous photo"
                  onClick={() => go(-1)}
                  className={`${NAV} left-2`}
                >
                  <ChevronLeft aria-hidden className="h-6 w-6" />
                </button>
                <button
                  type="button"
                  aria-label="Next photo"
                  onClick={() => go(1)}
                  className={`${NAV} right-2`}
                >
                  <ChevronRight aria-hidden className="h-6 w-6" />
                </button>
              </>
            )}
          </div>
          <div className="mt-3 space-y-1">
            {photo.caption && <p className="text-base text-white">{photo.caption}</p>}
            <p className="text-sm text-white/80">{photoAuthor(photo)}</p>
            <p className="text-xs text-white/60">{formatDateTime(photo.createdAt)}</p>
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
