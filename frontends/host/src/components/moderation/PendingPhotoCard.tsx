import type { PhotoDto } from '@afterglow/contracts';
import { photoAuthor, timeAgo } from '../../lib/format';
import { useT } from '../../text';
import { PhotoStatusBadge } from '../PhotoStatusBadge';
import { CARD_FOCUS, PhotoThumb } from '../PhotoThumb';
import { ModerationButtons } from './ModerationButtons';

/** A pending photo with Approve, Reject and Flag (reason 'inappropriate'); keys A, R, F. */
export function PendingPhotoCard({ photo, onBroken }: { photo: PhotoDto; onBroken: () => void }) {
  const t = useT();
  const titleId = `pending-${photo.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      tabIndex={0}
      data-moderation-card
      aria-keyshortcuts="A R F"
      className={`@container flex h-full flex-col overflow-hidden rounded-2xl border border-neutral-200 bg-white shadow-sm ${CARD_FOCUS}`}
    >
      <PhotoThumb photo={photo} size="display" onBroken={onBroken} className="aspect-[4/3] w-full" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={titleId} className="font-semibold text-neutral-900">
            {t('photo.by', 'By {name}', { name: photoAuthor(photo, t) })}
          </h3>
          <PhotoStatusBadge photo={photo} />
        </div>
        {photo.caption && <p className="text-neutral-700">{photo.caption}</p>}
        <p className="text-sm text-neutral-500">{timeAgo(photo.createdAt, t.locale)}</p>
        <ModerationButtons
          photo={photo}
          className="mt-auto grid grid-cols-1 gap-2 pt-2 @[18rem]:grid-cols-3"
        />
      </div>
    </article>
  );
}
