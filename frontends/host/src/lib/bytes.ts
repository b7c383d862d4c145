import { msg, type Translate } from '@afterglow/ui';
import { formatNumber } from '@afterglow/ui/format';

const UNITS = [
  null,
  msg('bytes.kb', '{size} KB'),
  msg('bytes.mb', '{size} MB'),
  msg('bytes.gb', '{size} GB'),
  msg('bytes.tb', '{size} TB'),
] as const;

/** A size as browsers' download lists show it: '812 KB', '12.3 MB', '1.9 GB' (1 KB = 1024 bytes). */
export function formatBytes(n: number, t: Translate): string {
  let v = n;
  let u = 0;
  while (v >= 1024 && u < UNITS.length - 1) {
    v /= 1024;
    u++;
  }
  // one decimal under 100, none from 100 on; no thousands separator ('1023 KB')
  const value = u === 0 ? n : v < 100 ? Number(v.toFixed(1)) : Math.round(v);
  const size = formatNumber(value, t.locale, { maximumFractionDigits: 1, useGrouping: false });
  const unit = UNITS[u];
  if (!unit)
    return t('bytes.bytes', '{count, plural, one {{size} byte} other {{size} bytes}}', { count: n, size });
  return t(unit, { size });
}
