import { createElement } from 'react';

/**
 * The icons of the guest's join and camera pages (and the dialogs they open) as plain SVG, drawn as
 * lucide-react's icons of the same names (ISC licence, lucide-react 1.x): lucide's component machinery
 * is about 1 KB gzip on each page that loads it (docs/adr/037-guest-page-weight.md). Pages loaded
 * later (the gallery) keep lucide-react. Always decorative (`aria-hidden`), sized by the class given.
 * The icons both pages show are here; each page's own sit beside it (join/icons.ts, camera/icons.ts),
 * so neither page loads the other's.
 */
export type Node = [tag: 'path' | 'circle' | 'rect' | 'line', attributes: Record<string, string>];

export const icon = (nodes: Node[]) =>
  function Icon({ className }: { className?: string }) {
    return createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: 24,
        height: 24,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth: 2,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        'aria-hidden': true,
        className,
      },
      ...nodes.map(([tag, attributes], key) => createElement(tag, { key, ...attributes })),
    );
  };

export const CameraIcon = /* @__PURE__ */ icon([
  [
    'path',
    {
      d: 'M13.997 4a2 2 0 0 1 1.76 1.05l.486.9A2 2 0 0 0 18.003 7H20a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2h1.997a2 2 0 0 0 1.759-1.048l.489-.904A2 2 0 0 1 10.004 4z',
    },
  ],
  ['circle', { cx: '12', cy: '13', r: '3' }],
]);
export const LoaderCircleIcon = /* @__PURE__ */ icon([['path', { d: 'M21 12a9 9 0 1 1-6.219-8.56' }]]);
export const SearchXIcon = /* @__PURE__ */ icon([
  ['path', { d: 'm13.5 8.5-5 5' }],
  ['path', { d: 'm8.5 8.5 5 5' }],
  ['circle', { cx: '11', cy: '11', r: '8' }],
  ['path', { d: 'm21 21-4.3-4.3' }],
]);
