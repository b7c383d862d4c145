/**
 * The header's two icons as plain SVG, drawn as lucide-react's Camera and ChevronDown (ISC licence):
 * the header is on every page, and lucide's component machinery would otherwise be on every page's
 * first load twice, the shell's copy beside the remote's.
 */
const svg = {
  xmlns: 'http://www.w3.org/2000/svg',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

export function CameraIcon({ className }: { className?: string }) {
  return (
    <svg {...svg} className={className}>
      <path d="M13.997 4a2 2 0 0 1 1.76 1.05l.486.9A2 2 0 0 0 18.003 7H20a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2h1.997a2 2 0 0 0 1.759-1.048l.489-.904A2 2 0 0 1 10.004 4z" />
      <circle cx="12" cy="13" r="3" />
    </svg>
  );
}

export function ChevronDownIcon({ className }: { className?: string }) {
  return (
    <svg {...svg} className={className}>
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}
