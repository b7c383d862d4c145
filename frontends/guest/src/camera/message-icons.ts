// The icons of the camera page's messages (CameraMessages.tsx, RollComplete.tsx), loaded with them.
import { icon } from '../components/icons';

export const CalendarXIcon = /* @__PURE__ */ icon([
  ['path', { d: 'M8 2v3' }],
  ['path', { d: 'M16 2v3' }],
  ['rect', { x: '3', y: '3', width: '18', height: '18', rx: '2' }],
  ['path', { d: 'M3 9h18' }],
  ['path', { d: 'm14 13-4 4' }],
  ['path', { d: 'm10 13 4 4' }],
]);
export const UserPlusIcon = /* @__PURE__ */ icon([
  ['path', { d: 'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2' }],
  ['circle', { cx: '9', cy: '7', r: '4' }],
  ['line', { x1: '19', x2: '19', y1: '8', y2: '14' }],
  ['line', { x1: '22', x2: '16', y1: '11', y2: '11' }],
]);
export const PartyPopperIcon = /* @__PURE__ */ icon([
  ['path', { d: 'M5.8 11.3 2 22l10.7-3.79' }],
  ['path', { d: 'M4 3h.01' }],
  ['path', { d: 'M22 8h.01' }],
  ['path', { d: 'M15 2h.01' }],
  ['path', { d: 'M22 20h.01' }],
  [
    'path',
    { d: 'm22 2-2.24.75a2.9 2.9 0 0 0-1.96 3.12c.1.86-.57 1.63-1.45 1.63h-.38c-.86 0-1.6.6-1.76 1.44L14 10' },
  ],
  ['path', { d: 'm22 13-.82-.33c-.86-.34-1.82.2-1.98 1.11c-.11.7-.72 1.22-1.43 1.22H17' }],
  ['path', { d: 'm11 2 .33.82c.34.86-.2 1.82-1.11 1.98C9.52 4.9 9 5.52 9 6.23V7' }],
  [
    'path',
    { d: 'M11 13c1.93 1.93 2.83 4.17 2 5-.83.83-3.07-.07-5-2-1.93-1.93-2.83-4.17-2-5 .83-.83 3.07.07 5 2Z' },
  ],
]);
