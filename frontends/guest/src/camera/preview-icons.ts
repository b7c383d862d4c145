// The camera preview dialog's own icons (see components/icons.ts), loaded with it.
import { icon } from '../components/icons';

export const CheckIcon = /* @__PURE__ */ icon([['path', { d: 'M20 6 9 17l-5-5' }]]);
export const DownloadIcon = /* @__PURE__ */ icon([
  ['path', { d: 'M12 15V3' }],
  ['path', { d: 'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4' }],
  ['path', { d: 'm7 10 5 5 5-5' }],
]);
export const RefreshCwIcon = /* @__PURE__ */ icon([
  ['path', { d: 'M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8' }],
  ['path', { d: 'M21 3v5h-5' }],
  ['path', { d: 'M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16' }],
  ['path', { d: 'M8 16H3v5' }],
]);
export const RotateCcwIcon = /* @__PURE__ */ icon([
  ['path', { d: 'M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8' }],
  ['path', { d: 'M3 3v5h5' }],
]);
