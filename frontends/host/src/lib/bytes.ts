const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** A size as browsers' download lists show it: '812 KB', '12.3 MB', '1.9 GB' (1 KB = 1024 bytes). */
export function formatBytes(n: number): string {
  let v = n;
  let u = 0;
  while (v >= 1024 && u < UNITS.length - 1) {
    v /= 1024;
    u++;
  }
  if (u === 0) return `${n} ${n === 1 ? 'byte' : 'bytes'}`;
  return `${v < 100 ? v.toFixed(1).replace(/\.0$/, '') : Math.round(v)} ${UNITS[u]}`;
}
