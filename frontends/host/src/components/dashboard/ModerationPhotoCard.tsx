import type { PhotoDto } from '@afterglow/contracts';
import { photoAuthor, timeAgo } from '../../lib/format';
import { useT } from '../../text';
import { PhotoStatusBadge } from '../PhotoStatusBadge';
import { ModerationButtons } from '../moderation/ModerationButtons';
import { CARD_FOCUS, PhotoThumb } from '../PhotoThumb';

/** One photo of the Photo Moderation grid, with Approve, Reject and Flag (keys A, R, F). */
export function ModerationPhotoCard({ photo, onBroken }: { photo: PhotoDto; onBroken: () => void }) {
  const t = useT();
  const author = photoAuthor(photo, t);
  const titleId = `photo-${photo.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      tabIndex={0}
      data-moderation-card
      aria-keyshortcuts="A R F"
      className={`@container flex w-full flex-col overflow-hidden rounded-xl border border-neutral-200 bg-white shadow-sm ${CARD_FOCUS}`}
    >
      <PhotoThumb photo={photo} onBroken={onBroken} className="aspect-square w-full" />
      <div className="flex flex-1 flex-col gap-2 p-3">
        <PhotoStatusBadge photo={photo} />
        <h3 id={titleId} className="text-sm font-semibold text-neutral-900">
          {t('photo.by', 'By {name}', { name: author })}
        </h3>
        {photo.caption && <p className="line-clamp-2 text-sm text-neutral-700">{photo.caption}</p>}
        <p className="text-xs text-neutral-500">{timeAgo(photo.createdAt, t.locale)}</p>
        <ModerationButtons
          photo={photo}
          className="mt-auto grid grid-cols-1 gap-2 pt-1 @[13rem]:grid-cols-2"
          flagClassName="@[13rem]:col-span-2"
        />
      </div>
    </article>
  );
}
