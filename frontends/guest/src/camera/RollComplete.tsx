import { PartyPopper } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@afterglow/ui';
import { MessageCard } from '../components/MessageCard';

/** Every shot is used: the only way on is the gallery. */
export function RollComplete({ code, maxShots }: { code: string; maxShots: number }) {
  return (
    <div className="flex min-h-dvh items-center">
      <MessageCard
        icon={<PartyPopper aria-hidden className="h-7 w-7" />}
        title="Film Roll Complete!"
        actions={
          <Link to={`/gallery/${code}`} className={buttonClass('primary', 'lg', 'w-full')}>
            View Gallery
          </Link>
        }
      >
        <p>
          You’ve used all {maxShots} shots. Your photos are developing and will appear in the gallery at the
          reveal.
        </p>
      </MessageCard>
    </div>
  );
}
