import type { PhotoDto } from '@afterglow/contracts';
import { Check, Flag, X } from 'lucide-react';
import { Button } from '@afterglow/ui';
import { useModeratePhoto, type ModerationAction } from '../../hooks/useModeratePhoto';

const BUTTONS: {
  action: ModerationAction;
  label: string;
  icon: typeof Check;
  variant: 'primary' | 'destructive' | 'outline';
  /** the status in which the button has nothing to do (unless reports hold the photo) */
  done?: PhotoDto['status'];
}[] = [
  { action: 'approve', label: 'Approve', icon: Check, variant: 'primary', done: 'approved' },
  { action: 'reject', label: 'Reject', icon: X, variant: 'destructive', done: 'rejected' },
  { action: 'flag', label: 'Flag', icon: Flag, variant: 'outline' },
];

/**
 * A photo card's Approve, Reject and Flag (reason 'inappropriate'). Each button carries its
 * `data-action`, which the moderation keys (A, R, F) press.
 */
export function ModerationButtons({
  photo,
  className,
  flagClassName = '',
}: {
  photo: PhotoDto;
  /** the buttons' grid */
  className: string;
  flagClassName?: string;
}) {
  const moderate = useModeratePhoto();
  return (
    <div className={className}>
      {BUTTONS.map(({ action, label, icon: Icon, variant, done }) => (
        <Button
          key={action}
          size="sm"
          variant={variant}
          className={`px-2 ${action === 'flag' ? flagClassName : ''}`}
          data-action={action}
          // a photo guests' reports hold waits for a decision, whatever its status
          disabled={moderate.isPending || (photo.status === done && !photo.held)}
          onClick={() => moderate.mutate({ photoId: photo.id, action })}
        >
          <Icon aria-hidden className="h-4 w-4" />
          {label}
        </Button>
      ))}
    </div>
  );
}
