import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { PhotosFirst } from './photos-first';

/** A process's state as the kernel reports it: 'T' stopped, 'S' sleeping, 'R' running. */
const stateOf = async (pid: number) => (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]![0];
/** Whether the process is stopped, once the signal has landed (delivery takes a moment on a busy machine). */
async function stopped(pid: number, want: boolean): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (((await stateOf(pid)) === 'T') === want) return want;
    await new Promise((r) => setTimeout(r, 20));
  }
  return !want;
}

describe('photos first: a clip waits while photos develop', () => {
  const children: ReturnType<typeof spawn>[] = [];
  const clipProcess = () => {
    const c = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    children.push(c);
    return c;
  };
  afterEach(() => children.splice(0).forEach((c) => c.kill('SIGKILL')));

  it('pauses every clip while any photo develops, and lets them go on once none does', async () => {
    const first = new PhotosFirst();
    const clip = clipProcess();
    first.clip(clip);
    expect(await stopped(clip.pid!, false)).toBe(false);
    let release!: () => void;
    const one = first.photo(() => new Promise<void>((r) => (release = r)));
    const two = first.photo(async () => {
      expect(await stopped(clip.pid!, true)).toBe(true);
    });
    await two;
    // one photo still developing: still paused; a clip started meanwhile waits too
    expect(await stopped(clip.pid!, true)).toBe(true);
    const late = clipProcess();
    first.clip(late);
    expect(await stopped(late.pid!, true)).toBe(true);
    release();
    await one;
    expect(first.developing).toBe(0);
    expect(await stopped(clip.pid!, false)).toBe(false);
    expect(await stopped(late.pid!, false)).toBe(false);
  });

  it('lets clips go on when a photo fails', async () => {
    const first = new PhotosFirst();
    const clip = clipProcess();
    first.clip(clip);
    await expect(first.photo(() => Promise.reject(new Error('broken photo')))).rejects.toThrow(
      'broken photo',
    );
    expect(await stopped(clip.pid!, false)).toBe(false);
  });
});
