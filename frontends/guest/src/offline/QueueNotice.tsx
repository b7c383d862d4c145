import { CloudOff, Loader2 } from 'lucide-react';
import { useT } from '../text';

/** Tells the guest how many photos wait on the phone; they go up by themselves (camera and gallery). */
export function QueueNotice({ count, sending }: { count: number; sending: boolean }) {
  const t = useT();
  if (count === 0) return null;
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-36 z-30 flex justify-center px-4"
    >
      <p className="flex max-w-sm items-center gap-2 rounded-2xl bg-black/80 px-4 py-2.5 text-sm text-white shadow-lg backdrop-blur">
        {sending ? (
          <Loader2 aria-hidden className="h-5 w-5 shrink-0 animate-spin" />
        ) : (
          <CloudOff aria-hidden className="h-5 w-5 shrink-0" />
        )}
        <span>
          <strong className="font-semibold">
            {t(
              'queue.waiting',
              '{count, plural, one {{count} photo waiting to upload.} other {{count} photos waiting to upload.}}',
              { count },
            )}
          </strong>{' '}
          {t(
            'queue.saved',
            '{count, plural, one {Saved on this phone, it goes up when you’re back online.} other {Saved on this phone, they go up when you’re back online.}}',
            { count },
          )}
        </span>
      </p>
    </div>
  );
}
