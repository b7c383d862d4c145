import { Link } from 'react-router';
import { Images } from 'lucide-react';
import { buttonClass } from '@afterglow/ui';
import { MessageCard } from '../components/MessageCard';

/** /public/{slug}: public galleries are a later feature; this page says so plainly. */
export function PublicGallery() {
  return (
    <MessageCard
      icon={<Images aria-hidden className="h-7 w-7" />}
      title="Public galleries are coming soon"
      actions={
        <>
          <Link to="/join" className={buttonClass('primary', 'md', 'w-full')}>
            Join with Code
          </Link>
          <Link to="/" className={buttonClass('ghost', 'md', 'w-full')}>
            Back to Home
          </Link>
        </>
      }
    >
      <p>
        Sharing an event’s photos on a public page isn’t available yet. If you were a guest, open the gallery
        from your event code.
      </p>
    </MessageCard>
  );
}
