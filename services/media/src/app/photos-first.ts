import type { ChildProcess } from 'node:child_process';

/**
 * Photos first (ADR 033): while any photo develops, every clip's ffmpeg is paused (SIGSTOP), and it
 * carries on (SIGCONT) once none does. A clip takes seconds of every core; a photo's renditions take a
 * fraction of a second, and a guest waits for them. Lowering ffmpeg's priority alone is not enough
 * where the two cores are one physical core's two threads. Where signals do not pause a process
 * (Windows), clips only run at the lowest priority.
 */
export class PhotosFirst {
  private photos = 0;
  private readonly clips = new Set<ChildProcess>();
  private waiting: (() => void)[] = [];
  private readonly signals = process.platform !== 'win32';

  /** Runs a photo's developing: clips wait meanwhile. */
  async photo<T>(work: () => Promise<T>): Promise<T> {
    if (this.photos++ === 0) this.signal('SIGSTOP');
    try {
      return await work();
    } finally {
      if (--this.photos === 0) {
        this.signal('SIGCONT');
        const go = this.waiting;
        this.waiting = [];
        for (const w of go) w();
      }
    }
  }

  /** Resolves once no photo develops: what may wait for a quiet moment (Find Me's faces) waits here. */
  idle(): Promise<void> {
    return this.photos === 0 ? Promise.resolve() : new Promise((r) => this.waiting.push(r));
  }

  /** A clip's ffmpeg, paused whenever photos develop, until it exits. */
  readonly clip = (child: ChildProcess): void => {
    this.clips.add(child);
    child.once('exit', () => this.clips.delete(child));
    if (this.photos > 0 && this.signals) child.kill('SIGSTOP');
  };

  /** How many photos develop now (for tests). */
  get developing(): number {
    return this.photos;
  }

  private signal(sig: 'SIGSTOP' | 'SIGCONT') {
    if (!this.signals) return;
    for (const c of this.clips) if (c.exitCode === null && c.signalCode === null) c.kill(sig);
  }
}

/** The media worker's one: its photo jobs and its clips' ffmpeg share the machine. */
export const photosFirst = new PhotosFirst();
