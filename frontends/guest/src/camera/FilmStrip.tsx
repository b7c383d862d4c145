import { useT } from '../text';

/** One dot per shot of the roll; used shots are filled. */
export function FilmStrip({ used, total, dark = false }: { used: number; total: number; dark?: boolean }) {
  const t = useT();
  const size = total <= 12 ? 'h-2.5 w-2.5' : total <= 24 ? 'h-2 w-2' : 'h-1.5 w-1.5';
  const filled = dark ? 'bg-[var(--ag-accent)]' : 'bg-[var(--ag-primary-strong)]';
  const empty = dark ? 'border border-white/70' : 'border border-neutral-500';
  return (
    <div
      role="img"
      aria-label={t('filmStrip.used', '{used} of {total} shots used', { used, total })}
      className={`flex flex-wrap justify-center px-2 ${total <= 12 ? 'gap-1.5' : 'gap-[3px]'}`}
    >
      {Array.from({ length: total }, (_, i) => (
        <span key={i} className={`${size} rounded-full ${i < used ? filled : empty}`} />
      ))}
    </div>
  );
}
