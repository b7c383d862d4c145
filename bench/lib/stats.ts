/** Percentile by nearest rank over samples sorted ascending; null when there are none. */
const ranked = (s: ArrayLike<number>, p: number): number | null =>
  s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]! : null;

/** Percentile by nearest rank over a copy of the samples; null when there are none. */
export function percentile(samples: number[], p: number): number | null {
  return ranked(
    [...samples].sort((a, b) => a - b),
    p,
  );
}

export const round = (v: number | null, digits = 1): number | null =>
  v === null || !Number.isFinite(v) ? null : Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * Count, percentiles and maximum of the samples. Sorted once, and the maximum read from the sorted
 * copy: a live wall's samples (10,000 screens × 100 approvals) are too many to spread into
 * `Math.max`'s arguments.
 */
export function summary(samples: number[]) {
  const sorted = Float64Array.from(samples).sort();
  return {
    n: samples.length,
    p50: round(ranked(sorted, 50)),
    p95: round(ranked(sorted, 95)),
    p99: round(ranked(sorted, 99)),
    max: round(sorted.length ? sorted[sorted.length - 1]! : null),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
