import type { CSSProperties } from 'react';

const GRAIN =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='160' height='160'%3E%3Cfilter id='n'%3E%3CfeTurbulence type='fractalNoise' baseFrequency='.85' numOctaves='2' stitchTiles='stitch'/%3E%3C/filter%3E%3Crect width='100%25' height='100%25' filter='url(%23n)'/%3E%3C/svg%3E\")";

const STYLES: Record<'grain' | 'vignette' | 'leak' | 'holes', CSSProperties> = {
  grain: { backgroundImage: GRAIN, opacity: 0.18, mixBlendMode: 'overlay' },
  vignette: { background: 'radial-gradient(ellipse at center, transparent 55%, rgba(0,0,0,0.55) 100%)' },
  leak: {
    background: 'radial-gradient(circle at 100% 0%, rgba(255,140,40,0.35), transparent 45%)',
    mixBlendMode: 'screen',
  },
  holes: {
    background:
      'repeating-linear-gradient(90deg, transparent 0 10px, rgba(255,255,255,0.85) 10px 22px, transparent 22px 32px)',
  },
};

function Perforations({ edge }: { edge: 'top' | 'bottom' }) {
  return (
    <div
      className={`absolute inset-x-0 ${edge === 'top' ? 'top-0' : 'bottom-0'} flex h-6 items-center bg-black/80`}
    >
      <div className="mx-2 h-2.5 w-full rounded-sm" style={STYLES.holes} />
    </div>
  );
}

/** A film-style frame drawn with CSS only (grain, vignette, light leak, perforations, date stamp). */
export function FilmOverlay({ label }: { label: string }) {
  const d = new Date();
  const stamp = `'${String(d.getFullYear()).slice(2)} ${d.getMonth() + 1} ${d.getDate()}`;
  return (
    <div aria-hidden className="pointer-events-none absolute inset-0">
      <div className="absolute inset-0" style={STYLES.grain} />
      <div className="absolute inset-0" style={STYLES.vignette} />
      <div className="absolute inset-0" style={STYLES.leak} />
      <div className="absolute inset-x-3 inset-y-9 rounded-md border-2 border-white/30" />
      <Perforations edge="top" />
      <Perforations edge="bottom" />
      <p className="absolute start-5 top-10 max-w-[60%] truncate font-mono text-xs font-semibold uppercase tracking-widest text-white/85">
        {label}
      </p>
      <p
        className="absolute bottom-10 end-5 font-mono text-base font-bold tracking-widest text-orange-400"
        style={{ textShadow: '0 0 6px rgba(251,146,60,0.8)' }}
      >
        {stamp}
      </p>
    </div>
  );
}
