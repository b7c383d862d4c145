import { readdir, readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';

/**
 * Beside the web services (embedded mode) developing must never slow a guest's upload (ADR 038): the
 * threads that do its pixel work, libvips' workers ('libvips worker'), run at a lower scheduling
 * priority than the event loop and the database's thread. On an idle machine that changes nothing; in
 * a party's burst the uploads are acknowledged first and the photos develop with the CPU left, catching
 * up after it. libvips starts its workers when it needs them and keeps them, so each job looks for new
 * ones (Linux; elsewhere nothing changes).
 */
const lowered = new Set<string>();

export async function lowerLibvipsThreads(nice: number): Promise<void> {
  let tasks: string[];
  try {
    tasks = await readdir('/proc/self/task');
  } catch {
    return;
  }
  await Promise.all(
    tasks
      .filter((tid) => !lowered.has(tid))
      .map(async (tid) => {
        const name = await readFile(`/proc/self/task/${tid}/comm`, 'utf8').catch(() => '');
        if (name.trim() !== 'libvips worker') return;
        try {
          setPriority(Number(tid), nice);
          lowered.add(tid);
        } catch {
          // the thread ended meanwhile
        }
      }),
  );
}
