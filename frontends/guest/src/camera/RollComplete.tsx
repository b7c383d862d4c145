import { PartyPopper } from 'lucide-react';
import { MessageCard } from '../components/MessageCard';
import { CardLink } from './CameraMessages';

/** Every shot is used: the only way on is the gallery. */
export function RollComplete({ code, maxShots }: { code: string; maxShots: number }) {
  return (
    <div className="flex min-h-dvh items-center">
      <MessageCard
        icon={<PartyPopper aria-hidden className="h-7 w-7" />}
        title="Film Roll Complete!"
        actions={<CardLink to={`/gallery/${code}`}>View Gallery</CardLink>}
      >
        <p>
          You’ve used all {maxShots} shots. Your photos are developing and will appear in the gallery at the
          reveal.
        </p>
      </MessageCard>
    </div>
  );
}
