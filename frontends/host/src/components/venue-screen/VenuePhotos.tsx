import type { PhotoDto, PublicEvent } from '@afterglow/contracts';
import type { Translate } from '@afterglow/ui';
import { photoAlt, photoAuthor } from '../../lib/format';
import { screenPaper } from '../../lib/screen-theme';
import type { ScreenMode } from '../../lib/venue-screen';
import { useT } from '../../text';
import { rendererOf } from './capture-renderers';

const byLine = (p: PhotoDto, t: Translate) => t('photo.by', 'By {name}', { name: photoAuthor(p, t) });

/** How the screen plays its clips: with it (paused when it is), each told when it has ended. */
export interface Playback {
  playing: boolean;
  onEnded: (photoId: string) => void;
  /** a clip's plays so far: each starts its player again */
  replays: Readonly<Record<string, number>>;
}

/** One photo, drawn by its kind's renderer, faded in when it changes; reports one that will not load. */
function Shot({
  photo,
  className,
  onBroken,
  playback,
}: {
  photo: PhotoDto;
  className: string;
  onBroken: () => void;
  playback: Playback;
}) {
  const t = useT();
  const { Shot: Drawn } = rendererOf(photo);
  return (
    <Drawn
      key={`${photo.id}:${playback.replays[photo.id] ?? 0}`}
      photo={photo}
      alt={photoAlt(photo, t)}
      onBroken={onBroken}
      playing={playback.playing}
      onEnded={() => playback.onEnded(photo.id)}
      className={`motion-safe:animate-[ag-fade-in_0.8s_ease-out] ${className}`}
    />
  );
}

/** `?mode=single`: the photo, as large as the screen allows. */
function Single({
  photo,
  onBroken,
  playback,
}: {
  photo: PhotoDto;
  onBroken: () => void;
  playback: Playback;
}) {
  return (
    <div className="flex h-full w-full items-center justify-center">
      <Shot
        photo={photo}
        onBroken={onBroken}
        playback={playback}
        className="max-h-full max-w-full rounded-md object-contain shadow-2xl"
      />
    </div>
  );
}

/** `?mode=caption`: the photo on a card of the event's paper, with its caption and who took it. */
function Caption({
  photo,
  event,
  onBroken,
  playback,
}: {
  photo: PhotoDto;
  event: PublicEvent;
  onBroken: () => void;
  playback: Playback;
}) {
  const t = useT();
  return (
    <figure
      className="mx-auto flex h-full max-w-5xl flex-col gap-3 rounded-2xl border-t-8 p-3 text-neutral-900 shadow-2xl sm:p-5"
      style={{ background: screenPaper(event), borderTopColor: 'var(--ag-primary)' }}
    >
      <div className="flex min-h-0 flex-1 items-center justify-center">
        <Shot
          photo={photo}
          onBroken={onBroken}
          playback={playback}
          className="max-h-full max-w-full rounded object-contain"
        />
      </div>
      <figcaption
        key={photo.id}
        className="shrink-0 motion-safe:animate-[ag-fade-in_0.8s_ease-out] px-2 text-center"
      >
        {photo.caption && (
          <p className="mx-auto max-w-3xl text-2xl font-semibold break-words sm:text-4xl">{photo.caption}</p>
        )}
        <p className="mt-1 text-lg text-neutral-700 sm:text-xl">{byLine(photo, t)}</p>
      </figcaption>
    </figure>
  );
}

/** Columns for 1–6 tiles: two across on a phone, up to three on a screen. */
const GRID_COLUMNS = [
  'grid-cols-1',
  'grid-cols-1 sm:grid-cols-2',
  'grid-cols-1 sm:grid-cols-3',
  'grid-cols-2',
  'grid-cols-2 sm:grid-cols-3',
  'grid-cols-2 sm:grid-cols-3',
];

/** `?mode=grid`: a mosaic; one tile changes per turn. */
function Grid({
  photos,
  onBroken,
  playback,
}: {
  photos: PhotoDto[];
  onBroken: (id: string) => void;
  playback: Playback;
}) {
  const t = useT();
  const n = Math.max(1, photos.length);
  return (
    <ul
      aria-label={t('venue.latest', 'Latest photos')}
      className={`grid h-full w-full gap-2 sm:gap-3 ${GRID_COLUMNS[n - 1] ?? 'grid-cols-3'} auto-rows-fr`}
    >
      {photos.map((p) => (
        <li
          key={p.id}
          className="relative min-h-0 overflow-hidden rounded-lg border-2 bg-black/40"
          style={{ borderColor: 'var(--ag-primary)' }}
        >
          <Shot
            photo={p}
            onBroken={() => onBroken(p.id)}
            playback={playback}
            className="h-full w-full object-cover"
          />
          <p className="absolute inset-x-0 bottom-0 truncate bg-black/65 px-2 py-1 text-sm text-white">
            {byLine(p, t)}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** What the screen shows in its mode. */
export function VenuePhotos({
  mode,
  slots,
  event,
  onBroken,
  playback,
}: {
  mode: ScreenMode;
  slots: (PhotoDto | null)[];
  event: PublicEvent;
  onBroken: (photoId: string) => void;
  playback: Playback;
}) {
  const photos = slots.filter((p): p is PhotoDto => !!p);
  if (mode === 'grid') return <Grid photos={photos} onBroken={onBroken} playback={playback} />;
  const photo = photos[0];
  if (!photo) return null;
  const broken = () => onBroken(photo.id);
  return mode === 'caption' ? (
    <Caption photo={photo} event={event} onBroken={broken} playback={playback} />
  ) : (
    <Single photo={photo} onBroken={broken} playback={playback} />
  );
}
