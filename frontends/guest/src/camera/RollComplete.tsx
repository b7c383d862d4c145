import { MessageCard } from '../components/MessageCard';
import { useT } from '../text';
import { CardLink } from './CameraMessages';
import { PartyPopperIcon } from './message-icons';

/**
 * Every shot is used: the only way on is the gallery. `remind`: the reveal is still to come, so the
 * gallery's 'Tell me when the photos are revealed' is offered (`?remind=1` brings it into view).
 */
export function RollComplete({
  code,
  maxShots,
  remind = false,
}: {
  code: string;
  maxShots: number;
  remind?: boolean;
}) {
  const t = useT();
  return (
    <div className="flex min-h-dvh items-center">
      <MessageCard
        icon={<PartyPopperIcon className="h-7 w-7" />}
        title={t('roll.complete', 'Film Roll Complete!')}
        actions={
          <>
            <CardLink to={`/gallery/${code}`}>{t('common.viewGallery', 'View Gallery')}</CardLink>
            <CardLink to={`/gallery/${code}?message=1`} variant="outline">
              {t('roll.leaveMessage', 'Leave a Message for the Hosts')}
            </CardLink>
            {remind && (
              <CardLink to={`/gallery/${code}?remind=1`} variant="outline">
                {t('roll.remind', 'Tell me when they are revealed')}
              </CardLink>
            )}
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
