import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimDataDir, runningServer } from './datadir-lock';

describe('the data dir lock', () => {
  const dirs: string[] = [];
  const kills: (() => void)[] = [];
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'afterglow-lock-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const k of kills.splice(0)) k();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const deadPid = () => spawnSync('true').pid;

  it('writes the pid file, names the owner to others, and removes it at release', () => {
    const dir = tempDir();
    const lock = claimDataDir(dir, { port: 3456 });
    const file = JSON.parse(readFileSync(join(dir, 'afterglow.pid'), 'utf8'));
    expect(file).toMatchObject({ pid: process.pid, port: 3456 });
    expect(new Date(file.startedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // this process is not "another server"
    expect(runningServer(dir)).toBeNull();
    lock.release();
    expect(existsSync(join(dir, 'afterglow.pid'))).toBe(false);
    lock.release();
  });

  it('refuses a data dir a live process holds', async () => {
    const dir = tempDir();
    const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
    kills.push(() => sleeper.kill());
    const pid = sleeper.pid!;
    writeFileSync(join(dir, 'afterglow.pid'), JSON.stringify({ pid, port: 3000, startedAt: 'x' }));
    expect(runningServer(dir)).toEqual({ pid, port: 3000 });
    expect(() => claimDataDir(dir, { port: 3001 })).toThrow(
      new RegExp(`Afterglow is already running on the data dir .* \\(pid ${pid}, port 3000\\)`),
    );
    // the owner's file is left alone
    expect(JSON.parse(readFileSync(join(dir, 'afterglow.pid'), 'utf8')).pid).toBe(pid);
  });

  it('replaces a stale or damaged file', () => {
    const dir = tempDir();
    const pid = deadPid();
    writeFileSync(join(dir, 'afterglow.pid'), JSON.stringify({ pid, port: 3000, startedAt: 'x' }));
    expect(runningServer(dir)).toBeNull();
    const lock = claimDataDir(dir, { port: 3002 });
    expect(JSON.parse(readFileSync(join(dir, 'afterglow.pid'), 'utf8'))).toMatchObject({
      pid: process.pid,
      port: 3002,
    });
    lock.release();
    writeFileSync(join(dir, 'afterglow.pid'), 'not json');
    expect(runningServer(dir)).toBeNull();
    claimDataDir(dir, { port: 3003 }).release();
  });

  it('leaves alone a file a later claim wrote', () => {
    const dir = tempDir();
    const first = claimDataDir(dir, { port: 1 });
    const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
    kills.push(() => sleeper.kill());
    writeFileSync(join(dir, 'afterglow.pid'), JSON.stringify({ pid: sleeper.pid, port: 2, startedAt: 'y' }));
    first.release();
    expect(runningServer(dir)).toEqual({ pid: sleeper.pid, port: 2 });
  });

  it('creates the data dir when it is not there yet', () => {
    const dir = join(tempDir(), 'new');
    claimDataDir(dir, { port: 3004 }).release();
    expect(existsSync(dir)).toBe(true);
  });
});
