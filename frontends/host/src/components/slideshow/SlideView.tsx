import type { PhotoDto } from '@afterglow/contracts';
import { photoAlt, photoAuthor } from '../../lib/format';
import { useT } from '../../text';

/** One photo, as large as the screen allows, with its caption and 'By {name}' underneath. */
export function SlideView({ photo, onBroken }: { photo: PhotoDto; onBroken?: () => void }) {
  const t = useT();
  return (
    <figure className="flex h-full w-full flex-col items-center gap-3">
      <div className="flex min-h-0 w-full flex-1 items-center justify-center">
        <img
          key={photo.id}
          src={photo.displayUrl ?? photo.thumbUrl ?? undefined}
          alt={photoAlt(photo, t)}
          onError={onBroken}
          className="max-h-full max-w-full animate-[ag-fade-in_0.6s_ease-out] rounded-md object-contain shadow-2xl"
        />
      </div>
      <figcaption className="shrink-0 px-16 text-center">
        {photo.caption && (
          <p className="mx-auto max-w-3xl text-xl font-semibold sm:text-3xl">{photo.caption}</p>
        )}
        <p className="text-base text-white/80 sm:text-lg">
          {t('photo.by', 'By {name}', { name: photoAuthor(photo, t) })}
        </p>
      </figcaption>
    </figure>
  );
}
