/** Percentile by nearest rank over a copy of the samples; null when there are none. */
export function percentile(samples: number[], p: number): number | null {
  if (samples.length === 0) return null;
  const s = [...samples].sort((a, b) => a - b);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[i]!;
}

export const round = (v: number | null, digits = 1): number | null =>
  v === null || !Number.isFinite(v) ? null : Math.round(v * 10 ** digits) / 10 ** digits;

export function summary(samples: number[]) {
  return {
    n: samples.length,
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    p99: round(percentile(samples, 99)),
    max: round(samples.length ? Math.max(...samples) : null),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
