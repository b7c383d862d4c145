import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The file a running server keeps in its data dir: `{ pid, port, startedAt }`. */
export const PID_FILE = 'afterglow.pid';

interface PidRecord {
  pid: number;
  port: number;
  startedAt: string;
}

const pidFileOf = (dataDir: string) => join(resolve(dataDir), PID_FILE);

function readRecord(file: string): PidRecord | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const r = JSON.parse(text) as Partial<PidRecord>;
    if (!Number.isInteger(r.pid) || r.pid! <= 0) return null;
    return { pid: r.pid!, port: Number(r.port) || 0, startedAt: String(r.startedAt ?? '') };
  } catch {
    return null; // half-written or damaged: nobody can be shown to own the dir
  }
}

/** Whether a process with this id exists (one we may not signal, EPERM, exists too). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live server (another process) that owns this data dir, or null (no file, or a stale one). */
export function runningServer(dataDir: string): { pid: number; port: number } | null {
  const r = readRecord(pidFileOf(dataDir));
  if (!r || r.pid === process.pid || !isAlive(r.pid)) return null;
  return { pid: r.pid, port: r.port };
}

/**
 * Makes this process the owner of the data dir (its PGlite files belong to one process): writes
 * `<dataDir>/afterglow.pid`, or throws when it names another live process. A file left by a process
 * that has died is replaced. release() (also run at exit) removes the file while it is still ours.
 */
export function claimDataDir(dataDir: string, info: { port: number }): { release(): void } {
  const file = pidFileOf(dataDir);
  mkdirSync(resolve(dataDir), { recursive: true });
  const record: PidRecord = { pid: process.pid, port: info.port, startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      // exclusive create: of two servers starting at once, one wins and the other sees its file
      const fd = openSync(file, 'wx');
      try {
        writeSync(fd, JSON.stringify(record) + '\n');
      } finally {
        closeSync(fd);
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw err;
    }
    const owner = runningServer(dataDir);
    if (owner)
      throw new Error(
        `Afterglow is already running on the data dir ${resolve(dataDir)} (pid ${owner.pid}, port ${owner.port}). ` +
          'Stop it first, or give this one another AFTERGLOW_DATA_DIR: its embedded database belongs to one process. ' +
          `If no Afterglow is running, delete ${file}.`,
      );
    try {
      unlinkSync(file); // stale (a process that has died), damaged, or our own
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    const now = readRecord(file);
    // replaced since (a later claim, even one of this process): not ours to remove
    if (now?.pid !== record.pid || now.startedAt !== record.startedAt) return;
    try {
      unlinkSync(file);
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return { release };
}
