import type { PhotoDto } from '@afterglow/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { DialogFrame } from '@afterglow/ui/dialog-frame';
import { clipSeconds } from '../lib/clips';
import { photoAlt, timeAgo } from '../lib/format';
import { useT } from '../text';

/**
 * A clip as large as the page allows, with the player's controls and its sound: what the host
 * watches before approving it. Opened by `trigger` (the clip's poster in a moderation card).
 */
export function ClipDialog({
  photo,
  trigger,
  onBroken,
}: {
  photo: PhotoDto;
  trigger: ReactNode;
  onBroken?: () => void;
}) {
  const t = useT();
  const seconds = clipSeconds(photo.durationMs);
  const facts = [
    seconds !== null &&
      t('clips.seconds', '{count, plural, one {# second} other {# seconds}}', { count: seconds }),
    timeAgo(photo.createdAt, t.locale),
  ].filter(Boolean);
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <DialogFrame title={photoAlt(photo, t)} description={<p>{facts.join(' · ')}</p>} width="max-w-3xl">
        <ClipPlayer photo={photo} onBroken={onBroken} />
      </DialogFrame>
    </Dialog.Root>
  );
}

function ClipPlayer({ photo, onBroken }: { photo: PhotoDto; onBroken?: () => void }) {
  const t = useT();
  // the address it opened with: a list refreshed meanwhile signs new ones, which would restart it
  const [src] = useState(photo.videoUrl ?? undefined);
  const [poster] = useState(photo.posterUrl ?? photo.displayUrl ?? undefined);
  return (
    <video
      src={src}
      poster={poster}
      aria-label={photoAlt(photo, t)}
      controls
      autoPlay
      playsInline
      onError={onBroken}
      className="max-h-[70dvh] w-full rounded-lg bg-black object-contain"
    />
  );
}
