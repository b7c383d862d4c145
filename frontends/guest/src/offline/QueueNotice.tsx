import { LoaderCircleIcon, icon } from '../components/icons';
import { useT } from '../text';

/** lucide-react's CloudOff, as components/icons.ts draws the others: only this notice shows it. */
const CloudOffIcon = /* @__PURE__ */ icon([
  ['path', { d: 'M10.94 5.274A7 7 0 0 1 15.71 10h1.79a4.5 4.5 0 0 1 4.222 6.057' }],
  ['path', { d: 'M18.796 18.81A4.5 4.5 0 0 1 17.5 19H9A7 7 0 0 1 5.79 5.78' }],
  ['path', { d: 'm2 2 20 20' }],
]);

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
          <LoaderCircleIcon className="h-5 w-5 shrink-0 animate-spin" />
        ) : (
          <CloudOffIcon className="h-5 w-5 shrink-0" />
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
