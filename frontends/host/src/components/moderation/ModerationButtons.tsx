import type { PhotoDto } from '@afterglow/contracts';
import { Check, Flag, X } from 'lucide-react';
import { Button, msg, type MessageDescriptor } from '@afterglow/ui';
import { useModeratePhoto, type ModerationAction } from '../../hooks/useModeratePhoto';
import { useT } from '../../text';

const MODERATION_LABELS: Record<ModerationAction, MessageDescriptor> = {
  approve: msg('moderation.approve', 'Approve'),
  reject: msg('moderation.reject', 'Reject'),
  flag: msg('moderation.flag', 'Flag'),
};

const BUTTONS: {
  action: ModerationAction;
  label: MessageDescriptor;
  icon: typeof Check;
  variant: 'primary' | 'destructive' | 'outline';
  /** the status in which the button has nothing to do (unless reports hold the photo) */
  done?: PhotoDto['status'];
}[] = [
  { action: 'approve', label: MODERATION_LABELS.approve, icon: Check, variant: 'primary', done: 'approved' },
  { action: 'reject', label: MODERATION_LABELS.reject, icon: X, variant: 'destructive', done: 'rejected' },
  { action: 'flag', label: MODERATION_LABELS.flag, icon: Flag, variant: 'outline' },
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
  const t = useT();
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
          {t(label)}
        </Button>
      ))}
    </div>
  );
}
