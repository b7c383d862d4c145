import { useT } from './text';

/** A disposable camera with a few developed prints, drawn inline so the landing page loads no images. */
export function HeroArt({ className = '' }: { className?: string }) {
  const t = useT();
  return (
    <svg viewBox="0 0 340 260" aria-hidden focusable="false" className={className}>
      <g transform="rotate(-9 80 70)">
        <rect x="18" y="18" width="112" height="128" rx="6" fill="#fff" stroke="#e5e7eb" />
        <rect x="28" y="28" width="92" height="88" rx="3" fill="var(--ag-accent-soft)" />
        <circle cx="92" cy="58" r="13" fill="var(--ag-accent)" />
        <path d="M28 116 58 80l22 22 14-14 26 28Z" fill="var(--ag-primary)" opacity=".55" />
      </g>
      <g transform="rotate(8 262 64)">
        <rect x="206" y="4" width="112" height="128" rx="6" fill="#fff" stroke="#e5e7eb" />
        <rect x="216" y="14" width="92" height="88" rx="3" fill="var(--ag-primary-soft)" />
        <circle cx="246" cy="48" r="11" fill="var(--ag-primary)" opacity=".7" />
        <circle cx="276" cy="56" r="14" fill="var(--ag-accent)" opacity=".8" />
        <path d="M216 102c20-22 42-22 92 0Z" fill="var(--ag-primary)" opacity=".45" />
      </g>
      <rect x="54" y="98" width="40" height="16" rx="4" fill="#374151" />
      <rect x="236" y="96" width="42" height="18" rx="5" fill="var(--ag-accent)" />
      <rect x="30" y="108" width="280" height="142" rx="24" fill="var(--ag-primary-strong)" />
      <rect x="30" y="150" width="280" height="54" fill="var(--ag-primary)" />
      <rect x="46" y="122" width="74" height="40" rx="8" fill="#fff8e7" />
      <rect x="52" y="128" width="62" height="28" rx="5" fill="#fde68a" opacity=".7" />
      <rect x="248" y="124" width="44" height="28" rx="6" fill="#1f2937" />
      <circle cx="190" cy="178" r="54" fill="#1f2937" />
      <circle cx="190" cy="178" r="38" fill="#374151" />
      <circle cx="190" cy="178" r="22" fill="#111827" />
      <circle cx="178" cy="166" r="8" fill="#fff" opacity=".35" />
      {/* Printed on the camera's body as on a real one ('24 EXP'); laid out left to right in every
          language, so it stays on the body. */}
      <text
        x="58"
        y="228"
        direction="ltr"
        fill="#fff"
        fontFamily="ui-monospace, monospace"
        fontSize="15"
        fontWeight="700"
      >
        {t('hero.art.exposures', '{count} EXP', { count: 24 })}
      </text>
    </svg>
  );
}
