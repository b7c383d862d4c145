import { readdir, readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';

/**
 * Threads already looked at, lowered or not libvips' (reading every thread's name again for every
 * photo was some twenty file reads a photo). A thread names itself as it starts, so one looked at in
 * that instant reads as its creator's: every `RESCAN` calls all are looked at again.
 */
const seen = new Set<string>();

/** The scheduling priority (nice) of developing's pixel work beside the web services. */
export const DEVELOPING_NICE = 5;
const RESCAN = 64;
let calls = 0;

/**
 * Beside the web services (embedded mode) developing must never slow a guest's upload (ADR 038): the
 * threads that do its pixel work, libvips' workers ('libvips worker'), run at a lower scheduling
 * priority than the event loop and the database's thread. On an idle machine that changes nothing; in
 * a party's burst the uploads are acknowledged first and the photos develop with the CPU left, catching
 * up after it. libvips starts its workers when it needs them and keeps them, so each job looks for new
 * threads (Linux; elsewhere nothing changes).
 */
export async function lowerLibvipsThreads(nice: number): Promise<void> {
  if (++calls % RESCAN === 0) seen.clear();
  let tasks: string[];
  try {
    tasks = await readdir('/proc/self/task');
  } catch {
    return;
  }
  await Promise.all(
    tasks
      .filter((tid) => !seen.has(tid))
      .map(async (tid) => {
        const name = await readFile(`/proc/self/task/${tid}/comm`, 'utf8').catch(() => null);
        // a thread that ended meanwhile
        if (name === null) return;
        seen.add(tid);
        if (name.trim() !== 'libvips worker') return;
        try {
          setPriority(Number(tid), nice);
        } catch {
          // the thread ended meanwhile
        }
      }),
  );
}
