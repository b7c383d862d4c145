/**
 * At most `n` pieces of work at once, the others waiting their turn in order. The media worker runs
 * its photo jobs' pixel work (decoding, developing, encoding) in these, and takes twice as many jobs
 * from the bus: while one job stores its renditions, records them and says so, the next one's pixels
 * are already being made (issue 26). Developing still takes no more cores than before.
 */
export function slots(n: number): <T>(work: () => Promise<T>) => Promise<T> {
  let free = n;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (free > 0) free--;
    else await new Promise<void>((go) => waiting.push(go));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}
