import { PartyPopper } from 'lucide-react';
import { MessageCard } from '../components/MessageCard';
import { useT } from '../text';
import { CardLink } from './CameraMessages';

/** Every shot is used: the only way on is the gallery. */
export function RollComplete({ code, maxShots }: { code: string; maxShots: number }) {
  const t = useT();
  return (
    <div className="flex min-h-dvh items-center">
      <MessageCard
        icon={<PartyPopper aria-hidden className="h-7 w-7" />}
        title={t('roll.complete', 'Film Roll Complete!')}
        actions={
          <>
            <CardLink to={`/gallery/${code}`}>{t('common.viewGallery', 'View Gallery')}</CardLink>
            <CardLink to={`/gallery/${code}?message=1`} variant="outline">
              {t('roll.leaveMessage', 'Leave a Message for the Hosts')}
            </CardLink>
          </>
        }
      >
        <p>
          {t(
            'roll.used',
            'You’ve used all {total} shots. Your photos are developing and will appear in the gallery at the reveal.',
            { total: maxShots },
          )}
        </p>
      </MessageCard>
    </div>
  );
}
