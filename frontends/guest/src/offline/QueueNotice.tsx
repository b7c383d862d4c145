import { CloudOff, Loader2 } from 'lucide-react';

/** Tells the guest how many photos wait on the phone; they go up by themselves (camera and gallery). */
export function QueueNotice({ count, sending }: { count: number; sending: boolean }) {
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
            {count === 1 ? '1 photo' : `${count} photos`} waiting to upload.
          </strong>{' '}
          Saved on this phone, {count === 1 ? 'it goes' : 'they go'} up when you’re back online.
        </span>
      </p>
    </div>
  );
}
