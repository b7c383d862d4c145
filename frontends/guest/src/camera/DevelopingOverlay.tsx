import { useT } from '../text';

/** Film mode: after a photo is kept, the roll "develops" for a moment (spec: 2.5 seconds). */
export const DEVELOPING_MS = 2500;

export function DevelopingOverlay() {
  const t = useT();
  return (
    <div
      role="status"
      className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-4 bg-gradient-to-b from-amber-950/95 via-red-950/95 to-black/95 text-amber-50"
    >
      <span
        aria-hidden
        className="h-16 w-16 animate-pulse rounded-full bg-red-500/70 shadow-[0_0_60px_20px_rgba(239,68,68,0.45)]"
      />
      <p className="text-2xl font-semibold tracking-wide">{t('camera.developing', 'Developing...')}</p>
    </div>
  );
}
