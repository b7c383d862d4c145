import { useT } from '../../text';

const MAX_DOTS = 40;

/** Indicator dots (one per photo, each a button); a progress bar when there are too many for dots. */
export function Dots({
  count,
  index,
  onSelect,
}: {
  count: number;
  index: number;
  onSelect: (i: number) => void;
}) {
  const t = useT();
  if (count < 2) return null;
  if (count > MAX_DOTS) {
    return (
      <div
        role="progressbar"
        aria-label={t('slides.position', 'Slideshow position')}
        aria-valuemin={1}
        aria-valuemax={count}
        aria-valuenow={index + 1}
        className="h-1.5 w-full max-w-md overflow-hidden rounded-full bg-white/25"
      >
        <div
          className="h-full bg-[var(--ag-primary)] transition-all"
          style={{ width: `${((index + 1) / count) * 100}%` }}
        />
      </div>
    );
  }
  return (
    <div
      role="group"
      aria-label={t('slides.choose', 'Choose a photo')}
      className="flex max-w-full flex-wrap justify-center gap-1.5"
    >
      {Array.from({ length: count }, (_, i) => (
        <button
          key={i}
          type="button"
          aria-label={t('slides.goTo', 'Go to photo {number}', { number: i + 1 })}
          aria-current={i === index ? 'true' : undefined}
          onClick={() => onSelect(i)}
          className="flex h-6 w-6 items-center justify-center rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
        >
          <span
            aria-hidden
            className={`block h-2.5 rounded-full transition-all ${i === index ? 'w-6 bg-[var(--ag-primary)]' : 'w-2.5 bg-white/45'}`}
          />
        </button>
      ))}
    </div>
  );
}
