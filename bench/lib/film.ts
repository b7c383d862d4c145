import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { FILM_PRESETS } from '@afterglow/contracts';
import { makeRenditions } from '../../services/media/src/app/renditions';
import { percentile, round } from './stats';

/** Per-photo figures (ms, p50) of developing, and a film look's ratio to the plain rendition's. */
export interface Developing {
  /** wall-clock time */
  ms: number | null;
  /** CPU time of the process (every thread: libvips's too), steadier than `ms` on a busy machine */
  cpuMs: number | null;
}
export interface FilmDeveloping {
  rounds: number;
  photos: number;
  plain: Developing;
  film: Record<string, Developing & { ratio: number | null; cpuRatio: number | null }>;
}

/**
 * Collects the garbage now: before each photo is timed, so that a collection set off by what earlier
 * photos left does not land on whichever photo is timed then: a 1600×900 picture is 4.3 MB of memory
 * outside the heap, and a major collection (10–15 ms of CPU) came every two or three photos, mostly
 * in a film photo's time, and when its period fell in step with the order of the looks, always on the
 * same look.
 */
function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
let gc: (() => void) | null = null;

/**
 * How long the media worker's own `makeRenditions` takes a photo (display and thumbnail) plain and
 * with each film look (ADR 020: a film-look photo should develop within 1.5× of a plain one). One
 * photo at a time in this process, after a warm-up round that fills the per-size caches; within a
 * round every photo is developed plain and in each preset, one after another, so a busy moment of the
 * machine weighs on all of them alike. Each photo has an id of its own per round, so light leaks vary.
 * The garbage is collected before each photo is timed (collectGarbage).
 */
export async function measureFilmDeveloping(images: Buffer[], rounds: number): Promise<FilmDeveloping> {
  const presets = [...FILM_PRESETS];
  const film = (preset: string, round: number, i: number) => ({
    photoId: `00000000-0000-4000-8000-${String((round + 1) * 10_000 + i).padStart(12, '0')}`,
    preset,
    timezone: 'Europe/Berlin',
    takenAt: new Date('2024-11-26T18:30:00Z'),
  });
  const samples = new Map<string, { ms: number[]; cpuMs: number[] }>(
    ['plain', ...presets].map((k) => [k, { ms: [], cpuMs: [] }]),
  );
  const timed = async (key: string, keep: boolean, run: () => Promise<unknown>) => {
    collectGarbage();
    const cpu = process.cpuUsage();
    const t = performance.now();
    await run();
    const ms = performance.now() - t;
    const { user, system } = process.cpuUsage(cpu);
    if (!keep) return;
    samples.get(key)!.ms.push(ms);
    samples.get(key)!.cpuMs.push((user + system) / 1000);
  };
  // Each photo takes the looks (plain among them) in another order, so that what one leaves behind
  // (garbage to collect, cold caches) weighs on each look alike rather than always on the one after
  // plain.
  const looks = ['plain', ...presets];
  for (let r = -1; r < rounds; r++) {
    for (const [i, image] of images.entries()) {
      const turn = (r + 1) * images.length + i;
      for (let k = 0; k < looks.length; k++) {
        const look = looks[(turn + k) % looks.length]!;
        await timed(look, r >= 0, () => makeRenditions(image, look === 'plain' ? null : film(look, r, i)));
      }
    }
  }
  const p50 = (key: string): Developing => ({
    ms: round(percentile(samples.get(key)!.ms, 50)),
    cpuMs: round(percentile(samples.get(key)!.cpuMs, 50)),
  });
  const plain = p50('plain');
  const ratio = (a: number | null, b: number | null) => (a && b ? round(a / b, 2) : null);
  return {
    rounds,
    photos: images.length,
    plain,
    film: Object.fromEntries(
      presets.map((p) => {
        const f = p50(p);
        return [p, { ...f, ratio: ratio(f.ms, plain.ms), cpuRatio: ratio(f.cpuMs, plain.cpuMs) }];
      }),
    ),
  };
}
