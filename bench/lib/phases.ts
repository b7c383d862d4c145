/* eslint-disable @typescript-eslint/no-explicit-any -- benchmark results are free-form JSON */
import { spawn } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { cpuSecondsOf, ROOT } from './afterglow';
import type { Session } from './client';
import { joinGuest, upload, type Guest, type UploadResult } from './client';
import { percentile, round, sleep, summary } from './stats';

export const HOST_EMAIL = 'bench-host@afterglow.test';
/**
 * The bench's hosts, each on the Max plan: a bought plan holds one event (ADR 025), and a phase that
 * needs several events gives each its own host, as several customers would.
 */
export const HOST_EMAILS = [
  HOST_EMAIL,
  'bench-host-2@afterglow.test',
  'bench-host-3@afterglow.test',
  'bench-host-4@afterglow.test',
  'bench-host-5@afterglow.test',
  'bench-host-6@afterglow.test',
];
export const HOST_PASSWORD = 'bench host password';
/**
 * A host on Event Pro, for the developing phase: Pro has no AI safety filter (ADR 027), so developing
 * is the film pipeline against bare sharp, as before the filter; the filter's own cost is a figure apart.
 */
export const PRO_HOST_EMAIL = 'bench-pro-host@afterglow.test';
/** Event Pro hosts for the party's burst on Pro: an event holds 2,000 photos, a full burst sends 6,000. */
export const PRO_HOST_EMAILS = [
  PRO_HOST_EMAIL,
  'bench-pro-host-2@afterglow.test',
  'bench-pro-host-3@afterglow.test',
  'bench-pro-host-4@afterglow.test',
];
/** The back office phase's admin (AFTERGLOW_ADMIN_EMAILS of its server). */
export const ADMIN_EMAIL = 'bench-admin@afterglow.test';

export function eventBody(name: string, over: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    name,
    startsAt: new Date(now).toISOString(),
    endsAt: new Date(now + 6 * 3600_000).toISOString(),
    maxShotsPerDevice: 36,
    revealMode: 'end',
    timezone: 'UTC',
    filmMode: false,
    filmPreset: 'classic',
    noRetakes: false,
    shotCount: 36,
    colorMood: 'vintage',
    ...over,
  };
}

export async function createEvent(host: Session, name: string, over: Record<string, unknown> = {}) {
  const r = await host.json('POST', '/api/events', eventBody(name, over));
  if (r.status !== 201) throw new Error(`create event answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body as { id: string; code: string; maxPhotos: number };
}

export async function joinMany(
  base: string,
  codes: string[],
  count: number,
  prefix: string,
): Promise<Guest[]> {
  const guests: Guest[] = [];
  for (let i = 0; i < count; i += 20) {
    guests.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, count - i) }, (_, k) =>
          joinGuest(base, codes[(i + k) % codes.length]!, `${prefix} ${i + k + 1}`),
        ),
      )),
    );
  }
  return guests;
}

const tally = (results: UploadResult[]) => {
  const byStatus: Record<string, number> = {};
  for (const r of results) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  return byStatus;
};

/**
 * Guests' rolls across closed loops: a guest whose roll is used up hands the phone on, as at a party
 * (a new device joins the same event in its place), so a long or fast loop never runs into refusals.
 */
export class Rolls {
  private readonly taken = new WeakMap<Guest, number>();
  /** new devices joined in place of full rolls */
  joined = 0;
  constructor(
    private readonly base: string,
    /** the events' shots per device */
    readonly shots: number,
  ) {}

  /** `guests[i]`, or a new guest of its event in its place if its roll is used up. */
  async next(guests: Guest[], i: number): Promise<Guest> {
    const g = guests[i]!;
    if ((this.taken.get(g) ?? 0) < this.shots) return g;
    this.joined++;
    return (guests[i] = await joinGuest(this.base, g.code, `Guest ${i + 1}, phone ${this.joined}`));
  }

  shot(g: Guest) {
    this.taken.set(g, (this.taken.get(g) ?? 0) + 1);
  }
}

/**
 * Closed loop: every guest uploads, waits for the answer, uploads again, until the time is up. With
 * `rolls`, a full roll is handed on to a new device; without, a guest stops at its roll's end (403).
 */
export async function closedLoop(
  base: string,
  guests: Guest[],
  images: Buffer[],
  seconds: number,
  pathFor: (g: Guest) => string = (g) => `/api/events/${g.code}/photos`,
  rolls?: Rolls,
) {
  const results: UploadResult[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const joined0 = rolls?.joined ?? 0;
  let k = 0;
  await Promise.all(
    guests.map(async (_, i) => {
      while (performance.now() < deadline) {
        const g = rolls ? await rolls.next(guests, i) : guests[i]!;
        const r = await upload(base, pathFor(g), g, images[k++ % images.length]!);
        results.push(r);
        if (r.status >= 200 && r.status < 300) rolls?.shot(g);
        if (r.status === 403) break; // the roll is used up
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const ok = results.filter((r) => r.status >= 200 && r.status < 300);
  return {
    seconds: round(elapsed, 2)!,
    attempts: results.length,
    acknowledged: ok.length,
    errors: results.length - ok.length,
    ...(rolls && { newDevices: rolls.joined - joined0 }),
    byStatus: tally(results),
    perSecond: round(ok.length / elapsed)!,
    latencyMs: summary(ok.map((r) => r.ms)),
    photoIds: ok.map((r) => r.photoId).filter((x): x is string => !!x),
  };
}

/** Open loop: uploads leave on a fixed schedule whatever the answers do; latency counts from the scheduled time. */
export async function openLoop(
  base: string,
  guests: Guest[],
  images: Buffer[],
  rate: number,
  seconds: number,
) {
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const t0 = performance.now() + 50;
  const pending: Promise<UploadResult>[] = [];
  let maxLateMs = 0;
  for (let i = 0; i < total; i++) {
    const due = t0 + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    maxLateMs = Math.max(maxLateMs, performance.now() - due);
    const g = guests[i % guests.length]!;
    pending.push(upload(base, `/api/events/${g.code}/photos`, g, images[i % images.length]!, due));
  }
  const results = await Promise.all(pending);
  const ok = results.filter((r) => r.status >= 200 && r.status < 300);
  return {
    offeredPerSecond: rate,
    seconds,
    sent: total,
    acknowledged: ok.length,
    errors: total - ok.length,
    byStatus: tally(results),
    latencyMs: summary(ok.map((r) => r.ms)),
    schedulerMaxLateMs: round(maxLateMs),
    photoIds: ok.map((r) => r.photoId).filter((x): x is string => !!x),
  };
}

/** A WebSocket client joined to one event, recording when each message arrived. */
export async function watch(
  base: string,
  eventId: string,
  cookie: string | undefined,
  onMessage: (m: any, at: number) => void,
): Promise<WebSocket> {
  const ws = new WebSocket(base.replace(/^http/, 'ws') + '/ws', {
    headers: { origin: base, ...(cookie ? { cookie } : {}) },
    perMessageDeflate: false,
  });
  await new Promise<void>((ok, fail) => {
    ws.once('open', () => ok());
    ws.once('error', fail);
  });
  const joined = new Promise<void>((ok, fail) => {
    const t = setTimeout(() => fail(new Error('no joined message')), 30_000);
    ws.on('message', (d) => {
      const at = performance.now();
      const m = JSON.parse(d.toString());
      if (m.type === 'joined') {
        clearTimeout(t);
        ok();
      } else if (m.type === 'error') fail(new Error(m.message));
      else onMessage(m, at);
    });
  });
  ws.send(JSON.stringify({ type: 'join', eventId }));
  await joined;
  return ws;
}

export async function waitUntil(f: () => boolean, timeoutMs: number, stepMs = 20): Promise<boolean> {
  const until = performance.now() + timeoutMs;
  while (!f()) {
    if (performance.now() > until) return false;
    await sleep(stepMs);
  }
  return true;
}

/** Runs the bare ingest server as its own process and answers its base URL and a stop function. */
export async function startBareServer(dir: string) {
  const child = spawn(process.execPath, [join(ROOT, 'bench/bare-server.mjs'), dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((ok) =>
    child.stdout!.once('data', (d: Buffer) => ok(d.toString().trim())),
  );
  return {
    base: `http://127.0.0.1:${port}`,
    cpuSeconds: () => cpuSecondsOf(child.pid),
    async files() {
      return (await readdir(dir)).length;
    },
    async stop() {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The bare developing limit, in its own process (see bare-sharp.ts). */
export async function bareSharp(imageDir: string, count: number, concurrency: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'bench/bare-sharp.ts'), imageDir, String(count), String(concurrency)],
    { stdio: ['ignore', 'pipe', 'inherit'], cwd: ROOT },
  );
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d));
  await new Promise((r) => child.once('exit', r));
  return JSON.parse(out) as { count: number; concurrency: number; ms: number; times: number[] };
}

/** Renditions per second in the steady middle of a run: from the 10th to the 90th percentile of completions. */
export function steadyRate(completionsMs: number[]): number | null {
  if (completionsMs.length < 10) return null;
  const s = [...completionsMs].sort((a, b) => a - b);
  const a = percentile(s, 10)!;
  const b = percentile(s, 90)!;
  const n = s.filter((t) => t > a && t <= b).length;
  return b > a ? round((n / (b - a)) * 1000, 2) : null;
}
