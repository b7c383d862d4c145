/* eslint-disable @typescript-eslint/no-explicit-any -- messages between the bench and its clients are loose JSON */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile, readlink } from 'node:fs/promises';
import http from 'node:http';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { WebSocket, WebSocketServer } from 'ws';
import { ROOT, cpuSecondsOf } from './afterglow';
import { upload, type Session } from './client';
import { createEvent, joinMany, waitUntil, watch } from './phases';
import { round, sleep, summary } from './stats';

/**
 * The live wall at scale (issue 26): thousands of venue screens, each a WebSocket joined to one live
 * event, and the host approving photos one after another; for each approval, the time from sending it
 * to the last screen receiving `photo_approved`.
 *
 * The screens live in child processes of the bench (`clients`, 4 by default), so the load generator is
 * not the bottleneck and each has its own file descriptors: each child opens its share in batches and
 * does nothing per message but take a timestamp (the monotonic clock, shared by every process on the
 * machine) and find the photo id in the raw frame. What the clients cost is measured too (their CPU per
 * message received), and how far apart one approval's arrivals are within a child.
 */

/** The monotonic clock in milliseconds: the same clock in every process of the machine. */
const hr = () => {
  const [s, ns] = process.hrtime();
  return s * 1e3 + ns / 1e6;
};

export interface WallOptions {
  /** child processes holding the screens (default 4) */
  clients?: number;
  /**
   * the screens' client: 'ws' (default) is the ws package (no compression, no UTF-8 check); 'raw' reads
   * the server's frames straight off each socket after node:http's upgrade. Both measured the same here
   * (12–22 µs of client CPU a message, the socket's read dominating), so the package is kept.
   */
  client?: 'raw' | 'ws';
  /** sockets each child opens at once (default 100) */
  batch?: number;
  /** pause after every approval reached every screen (default 20 ms, as the live phase) */
  gapMs?: number;
  /** the first approvals of `photoIds` sent untimed, to warm up the server's and the clients' code (default 0) */
  warmup?: number;
  /** how long an approval may take to reach every screen (default 10 s) */
  timeoutMs?: number;
  /**
   * the server's processes, whose memory (before and after the screens join) and CPU (over the
   * approvals) are read; default: whatever listens on `base`'s port (the embedded server; for the
   * distributed profile pass the gateway's and realtime's)
   */
  serverPids?: number[];
}

export interface WallResult {
  screens: number;
  opened: number;
  failedToOpen: number;
  /** sockets that closed while the approvals were measured */
  closedDuring: number;
  connectSeconds: number | null;
  approvals: number;
  approvalsNotReachingEveryScreen: number;
  untilEveryScreenMs: ReturnType<typeof summary>;
  untilFirstScreenMs: ReturnType<typeof summary>;
  perScreenMs: ReturnType<typeof summary>;
  /** the approve request's own answer */
  approveAnswerMs: ReturnType<typeof summary>;
  /** the screens of one client: first to last arrival of one approval (the client's own processing shows here) */
  spreadWithinClientMs: ReturnType<typeof summary>;
  client: {
    kind: 'raw' | 'ws';
    processes: number;
    messages: number;
    /** the clients' CPU per message received (user + system; parsing the frame, the timestamp) */
    cpuUsPerMessage: number | null;
    rssMiBEach: (number | null)[];
    openFilesLimit: (number | null)[];
  };
  server: {
    pids: number[];
    rssMiBBefore: number | null;
    rssMiBAfter: number | null;
    /** resident memory per open socket (all listed processes, after the screens joined) */
    kiBPerSocket: number | null;
    openFilesLimit: (number | null)[];
    /** the listed processes' CPU (every thread) while the approvals were measured, per approval */
    cpuMsPerApproval: number | null;
    /** the same for each listed process */
    cpuMsPerApprovalEach: (number | null)[];
    /** the same per screen message delivered (the approval's own request included) */
    cpuUsPerMessage: number | null;
  };
  bench: { openFilesLimit: number | null; openFilesHardLimit: number | null };
}

/** A process's "Max open files" (soft and hard), from /proc. */
export async function openFilesLimit(pid: number | string = 'self') {
  const text = await readFile(`/proc/${pid}/limits`, 'utf8').catch(() => '');
  const m = text.match(/^Max open files\s+(\S+)\s+(\S+)/m);
  const n = (v: string | undefined) => (v === undefined ? null : v === 'unlimited' ? Infinity : Number(v));
  return { soft: n(m?.[1]), hard: n(m?.[2]) };
}

async function rssMiB(pid: number): Promise<number | null> {
  const text = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const m = text.match(/^VmRSS:\s+(\d+) kB/m);
  return m ? round(Number(m[1]) / 1024) : null;
}

/** The process listening on this TCP port of the machine (from /proc/net/tcp and the processes' sockets), if any. */
export async function pidListeningOn(port: number): Promise<number | null> {
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(file, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // local address hex:port, state 0A = LISTEN, inode is the tenth field
      if (f[3] === '0A' && parseInt(f[1]?.split(':')[1] ?? '', 16) === port) inodes.add(f[9]!);
    }
  }
  if (!inodes.size) return null;
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      const m = link.match(/^socket:\[(\d+)\]$/);
      if (m && inodes.has(m[1]!)) return Number(pid);
    }
  }
  return null;
}

/**
 * A live event (photos show as soon as the host approves them) with `count` developed photos, for the
 * wall: the host creates it, guests upload `images` (small ones develop fast) and the host's socket
 * waits until every photo is developed (`photo_uploaded`).
 */
export async function wallPhotos(
  base: string,
  host: Session,
  count: number,
  images: Buffer[],
): Promise<{ eventId: string; code: string; photoIds: string[] }> {
  const ev = await createEvent(host, 'Live wall', { revealMode: 'live' });
  const developed = new Set<string>();
  const hostWs = await watch(base, ev.id, host.cookie(), (m) => {
    if (m.type === 'photo_uploaded' && !m.developing) developed.add(m.photoId);
  });
  const guests = await joinMany(base, [ev.code], Math.ceil(count / 30), 'Guest');
  const ids: string[] = [];
  for (let i = 0; ids.length < count; i++) {
    const r = await upload(base, '', guests[Math.floor(i / 30)]!, images[i % images.length]!);
    if (!r.photoId) throw new Error(`wall upload answered ${r.status}`);
    ids.push(r.photoId);
  }
  const ok = await waitUntil(() => ids.every((id) => developed.has(id)), 300_000, 50);
  hostWs.close();
  if (!ok) throw new Error(`wall photos not developed: ${developed.size} of ${ids.length}`);
  return { eventId: ev.id, code: ev.code, photoIds: ids };
}

const maxOf = (a: number[]) => a.reduce((m, v) => (v > m ? v : m), -Infinity);
const minOf = (a: number[]) => a.reduce((m, v) => (v < m ? v : m), Infinity);

interface Client {
  child: ChildProcess;
  share: number;
  opened: number;
  inbox: any[];
  waiters: (() => void)[];
}

/**
 * This file again in a child process, in the role `role` names (a client of screens, the bare server),
 * through a shell first to raise the child's open-files soft limit to its hard limit (Node cannot).
 */
function spawnThisFile(role: string, stdio: StdioOptions) {
  return spawn(
    '/bin/sh',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" "$@"',
      process.execPath,
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
    ],
    { cwd: ROOT, env: { ...process.env, [role]: '1' }, stdio },
  );
}

function startClient(): Client {
  const child = spawnThisFile('AFTERGLOW_WALL_CLIENT', ['ignore', 'inherit', 'inherit', 'ipc']);
  const c: Client = { child, share: 0, opened: 0, inbox: [], waiters: [] };
  child.on('message', (m) => {
    c.inbox.push(m);
    for (const w of c.waiters.splice(0)) w();
  });
  return c;
}

/** The next message of `type` from the client (and, for per-photo answers, that photo), within `ms`. */
async function next(c: Client, type: string, ms: number, photoId?: string): Promise<any | null> {
  const until = Date.now() + ms;
  for (;;) {
    const i = c.inbox.findIndex((m) => m.type === type && (photoId === undefined || m.photoId === photoId));
    if (i >= 0) return c.inbox.splice(i, 1)[0];
    if (c.child.exitCode !== null) throw new Error(`wall client exited (${c.child.exitCode})`);
    const left = until - Date.now();
    if (left <= 0) return null;
    await new Promise<void>((r) => {
      const t = setTimeout(r, left);
      c.waiters.push(() => {
        clearTimeout(t);
        r();
      });
    });
  }
}

/**
 * `screens` anonymous screens join the live event `eventId` (a wall at a venue: no cookie), then the
 * host approves each of `photoIds` (developed, pending photos of that event; the first `warmup` of them
 * untimed) one after another, waiting
 * until every screen has it (or `timeoutMs`) and `gapMs` more. Answers the time from sending each
 * approval to the last screen receiving `photo_approved` (untilEveryScreenMs), every screen's time
 * (perScreenMs), the time to open and join every socket, what the clients cost, and the memory the
 * server process(es) took for the sockets. The screens are closed afterwards.
 */
export async function measureWall(
  base: string,
  eventId: string,
  host: Session,
  photoIds: string[],
  screens: number,
  opts: WallOptions = {},
): Promise<WallResult> {
  const n = Math.max(1, Math.min(opts.clients ?? 4, screens));
  const batch = opts.batch ?? 100;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const port = Number(new URL(base).port);
  const pids = opts.serverPids ?? [await pidListeningOn(port)].filter((p): p is number => p !== null);
  const memory = async () => {
    const each = await Promise.all(pids.map(rssMiB));
    return each.every((v) => v !== null) && each.length ? each.reduce((s, v) => s! + v!, 0) : null;
  };
  const clients = Array.from({ length: n }, startClient);
  try {
    clients.forEach((c, i) => (c.share = Math.floor(screens / n) + (i < screens % n ? 1 : 0)));
    const rssBefore = await memory();
    const t0 = performance.now();
    for (const c of clients)
      c.child.send({ type: 'open', base, eventId, count: c.share, batch, ws: opts.client !== 'raw' });
    let failedToOpen = 0;
    for (const c of clients) {
      const m = await next(c, 'opened', 600_000);
      if (!m) throw new Error('wall client did not finish opening its screens');
      c.opened = m.opened;
      failedToOpen += m.failed;
    }
    const connectSeconds = round((performance.now() - t0) / 1000, 2);
    const opened = clients.reduce((s, c) => s + c.opened, 0);
    await sleep(500); // the server settles after the joins
    const rssAfter = await memory();
    for (const c of clients) c.child.send({ type: 'cpu' });
    const cpu0 = await Promise.all(clients.map((c) => next(c, 'cpu', 10_000)));
    const serverCpu = () => Promise.all(pids.map((p) => cpuSecondsOf(p)));
    const serverCpu0 = await serverCpu();

    const toAll: number[] = [];
    const toFirst: number[] = [];
    const perScreen: number[] = [];
    const answers: number[] = [];
    const spreads: number[] = [];
    let incomplete = 0;
    const warmup = Math.min(opts.warmup ?? 0, photoIds.length);
    for (const [k, id] of photoIds.entries()) {
      if (k === warmup) {
        // the measured approvals start here: the CPU counters too
        toAll.length = toFirst.length = perScreen.length = answers.length = spreads.length = incomplete = 0;
        for (const c of clients) c.child.send({ type: 'cpu' });
        cpu0.splice(0, cpu0.length, ...(await Promise.all(clients.map((c) => next(c, 'cpu', 10_000)))));
        serverCpu0.splice(0, serverCpu0.length, ...(await serverCpu()));
      }
      const t = hr();
      const r = await host.json('POST', `/api/photos/${id}/approve`);
      answers.push(hr() - t);
      if (r.status !== 200) throw new Error(`approve answered ${r.status}: ${JSON.stringify(r.body)}`);
      const until = Date.now() + timeoutMs;
      let complete = true;
      const times: number[] = [];
      for (const c of clients) {
        let m = await next(c, 'got', Math.max(0, until - Date.now()), id);
        if (!m) {
          complete = false;
          c.child.send({ type: 'flush', photoId: id });
          m = await next(c, 'got', 10_000, id);
        }
        const at: number[] = m?.times ?? [];
        if (at.length) spreads.push(maxOf(at) - minOf(at));
        for (const a of at) times.push(a - t);
      }
      perScreen.push(...times);
      if (complete && times.length >= opened) {
        toAll.push(maxOf(times));
        toFirst.push(minOf(times));
      } else incomplete++;
      await sleep(opts.gapMs ?? 20);
    }

    const measured = photoIds.length - warmup;
    const serverCpuEachMs = (await serverCpu()).map((v, i) => (v - serverCpu0[i]!) * 1000);
    const serverCpuMs = serverCpuEachMs.reduce((s, v) => s + v, 0);
    for (const c of clients) c.child.send({ type: 'cpu' });
    const cpu1 = await Promise.all(clients.map((c) => next(c, 'cpu', 10_000)));
    const messages = cpu1.reduce((s, m, i) => s + (m?.messages ?? 0) - (cpu0[i]?.messages ?? 0), 0);
    const cpuUs = cpu1.reduce((s, m, i) => s + (m?.cpuUs ?? 0) - (cpu0[i]?.cpuUs ?? 0), 0);
    const closedDuring = cpu1.reduce((s, m, i) => s + (m?.closed ?? 0) - (cpu0[i]?.closed ?? 0), 0);
    const limits = await Promise.all(clients.map((c) => openFilesLimit(c.child.pid!)));
    const bench = await openFilesLimit();
    return {
      screens,
      opened,
      failedToOpen,
      closedDuring,
      connectSeconds,
      approvals: measured,
      approvalsNotReachingEveryScreen: incomplete,
      untilEveryScreenMs: summary(toAll),
      untilFirstScreenMs: summary(toFirst),
      perScreenMs: summary(perScreen),
      approveAnswerMs: summary(answers),
      spreadWithinClientMs: summary(spreads),
      client: {
        kind: opts.client ?? 'ws',
        processes: n,
        messages,
        cpuUsPerMessage: messages ? round(cpuUs / messages, 2) : null,
        rssMiBEach: cpu1.map((m) => (m ? round(m.rss / 2 ** 20) : null)),
        openFilesLimit: limits.map((l) => l.soft),
      },
      server: {
        pids,
        rssMiBBefore: rssBefore,
        rssMiBAfter: rssAfter,
        kiBPerSocket:
          rssBefore !== null && rssAfter !== null && opened
            ? round(((rssAfter - rssBefore) * 1024) / opened)
            : null,
        openFilesLimit: (await Promise.all(pids.map((p) => openFilesLimit(p)))).map((l) => l.soft),
        cpuMsPerApproval: pids.length ? round(serverCpuMs / Math.max(1, measured)) : null,
        cpuMsPerApprovalEach: serverCpuEachMs.map((v) => round(v / Math.max(1, measured))),
        cpuUsPerMessage: pids.length && messages ? round((serverCpuMs * 1000) / messages, 2) : null,
      },
      bench: { openFilesLimit: bench.soft, openFilesHardLimit: bench.hard },
    };
  } finally {
    await Promise.all(
      clients.map(async (c) => {
        if (c.child.exitCode !== null) return;
        const gone = new Promise((r) => c.child.once('exit', r));
        c.child.send({ type: 'close' });
        const t = setTimeout(() => c.child.kill('SIGKILL'), 15_000);
        await gone;
        clearTimeout(t);
      }),
    );
  }
}

// ------------------------------------------------------------------ the client process

const PHOTO_ID = Buffer.from('"photoId":"');
const EMPTY = Buffer.alloc(0);
interface Screen {
  close(): void;
}

/** A client's frame: masked, as RFC 6455 asks of clients (payloads under 126 bytes here). */
function maskedFrame(opcode: number, payload: Buffer): Buffer {
  const long = payload.length > 125;
  const out = Buffer.alloc((long ? 8 : 6) + payload.length);
  out[0] = 0x80 | opcode;
  out[1] = 0x80 | (long ? 126 : payload.length);
  if (long) out.writeUInt16BE(payload.length, 2);
  const at = long ? 4 : 2;
  randomBytes(4).copy(out, at);
  for (let i = 0; i < payload.length; i++) out[at + 4 + i] = payload[i]! ^ out[at + (i % 4)]!;
  return out;
}
const APPROVED = Buffer.from('"photo_approved"');

/** One wall client: opens its screens, timestamps each `photo_approved`, answers the bench over IPC. */
function runWallClient(): void {
  const sockets: Screen[] = [];
  let closed = 0;
  let messages = 0;
  /** receive times by photo id, and how many screens should get it */
  const got = new Map<string, number[]>();
  const send = (m: unknown) => process.send!(m);
  const received = (id: string, at: number) => {
    let list = got.get(id);
    if (!list) got.set(id, (list = []));
    list.push(at);
    if (list.length === sockets.length) {
      got.delete(id);
      send({ type: 'got', photoId: id, times: list });
    }
  };
  const onFrame = (payload: Buffer, at: number) => {
    messages++;
    if (!payload.includes(APPROVED)) return;
    const i = payload.indexOf(PHOTO_ID);
    if (i >= 0) received(payload.toString('latin1', i + PHOTO_ID.length, i + PHOTO_ID.length + 36), at);
  };
  /** With the `ws` package: its own frame parsing (a Writable stream per socket) before each message. */
  const openWs = (base: string, eventId: string) =>
    new Promise<Screen | null>((resolve) => {
      const ws = new WebSocket(base.replace(/^http/, 'ws') + '/ws', {
        headers: { origin: base },
        perMessageDeflate: false,
        skipUTF8Validation: true,
      });
      let joined = false;
      const fail = () => {
        if (!joined) resolve(null);
        ws.terminate();
      };
      const t = setTimeout(fail, 60_000);
      ws.on('error', fail);
      ws.on('close', () => {
        if (joined) closed++;
      });
      ws.once('open', () => ws.send(JSON.stringify({ type: 'join', eventId })));
      ws.on('message', (data: Buffer) => {
        const at = hr();
        if (joined) return onFrame(data, at);
        if (data.includes('"joined"')) {
          joined = true;
          clearTimeout(t);
          resolve({ close: () => ws.terminate() });
        } else fail();
      });
    });
  /**
   * The same screen on a bare socket: the HTTP upgrade by node:http, then the server's frames read
   * straight off the socket (a ping answered with its pong, the join sent as a masked text frame).
   */
  const openRaw = (base: string, eventId: string) =>
    new Promise<Screen | null>((resolve) => {
      const u = new URL(base);
      const req = http.request({
        host: u.hostname,
        port: u.port,
        path: '/ws',
        headers: {
          origin: base,
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': randomBytes(16).toString('base64'),
        },
      });
      let joined = false;
      const t = setTimeout(() => {
        req.destroy();
        if (!joined) resolve(null);
      }, 60_000);
      req.on('error', () => {
        clearTimeout(t);
        if (!joined) resolve(null);
      });
      req.on('response', (res) => {
        res.resume();
        clearTimeout(t);
        resolve(null);
      });
      req.on('upgrade', (_res, socket: Socket, head: Buffer) => {
        socket.setNoDelay(true);
        let pending: Buffer = head;
        const frames = (at: number) => {
          let off = 0;
          while (pending.length - off >= 2) {
            const b0 = pending[off]!;
            let len = pending[off + 1]! & 0x7f;
            let h = 2;
            if (len === 126) {
              if (pending.length - off < 4) break;
              len = pending.readUInt16BE(off + 2);
              h = 4;
            } else if (len === 127) {
              if (pending.length - off < 10) break;
              len = Number(pending.readBigUInt64BE(off + 2));
              h = 10;
            }
            if (pending.length - off < h + len) break;
            const payload = pending.subarray(off + h, off + h + len);
            off += h + len;
            const opcode = b0 & 0x0f;
            if (opcode === 0x9) socket.write(maskedFrame(0xa, payload));
            else if (opcode === 0x8) socket.end();
            else if (opcode === 0x1 && joined) onFrame(payload, at);
            else if (opcode === 0x1) {
              clearTimeout(t);
              if (payload.includes('"joined"')) {
                joined = true;
                resolve({ close: () => socket.destroy() });
              } else {
                socket.destroy();
                resolve(null);
              }
            }
          }
          pending = off === pending.length ? EMPTY : pending.subarray(off);
        };
        socket.on('data', (d: Buffer) => {
          const at = hr();
          pending = pending.length ? Buffer.concat([pending, d]) : d;
          frames(at);
        });
        socket.on('error', () => socket.destroy());
        socket.on('close', () => {
          if (joined) closed++;
          else {
            clearTimeout(t);
            resolve(null);
          }
        });
        socket.write(maskedFrame(0x1, Buffer.from(JSON.stringify({ type: 'join', eventId }))));
        if (pending.length) frames(hr());
      });
      req.end();
    });

  process.on('message', (m: any) => {
    if (m.type === 'open') {
      void (async () => {
        let failed = 0;
        for (let i = 0; i < m.count; i += m.batch) {
          const made = await Promise.all(
            Array.from({ length: Math.min(m.batch, m.count - i) }, () =>
              (m.ws ? openWs : openRaw)(m.base, m.eventId),
            ),
          );
          for (const ws of made) {
            if (ws) sockets.push(ws);
            else failed++;
          }
        }
        send({ type: 'opened', opened: sockets.length, failed });
      })();
    } else if (m.type === 'flush') {
      send({ type: 'got', photoId: m.photoId, times: got.get(m.photoId) ?? [], partial: true });
      got.delete(m.photoId);
    } else if (m.type === 'cpu') {
      const u = process.cpuUsage();
      send({ type: 'cpu', cpuUs: u.user + u.system, messages, closed, rss: process.memoryUsage().rss });
    } else if (m.type === 'close') {
      for (const ws of sockets) ws.close();
      setTimeout(() => process.exit(0), 200);
    }
  });
  process.on('disconnect', () => process.exit(0));
}

// ------------------------------------------------------------------ the bare fan-out

/**
 * The bare limit of the wall on this machine: a Node HTTP server with the ws package and nothing else.
 * A socket that sends anything is in the room (answered `joined`); `POST /api/photos/{id}/approve`
 * sends every socket in the room a `photo_approved` of the size Afterglow's has (one Buffer for all)
 * and answers 200. Runs in its own process, as Afterglow does; `measureWall` measures it unchanged.
 */
export async function startBareWall(): Promise<{ base: string; pid: number; stop(): Promise<void> }> {
  const child = spawnThisFile('AFTERGLOW_WALL_BARE', ['ignore', 'pipe', 'inherit']);
  const port = await new Promise<string>((ok, fail) => {
    child.stdout!.once('data', (d: Buffer) => ok(d.toString().trim()));
    child.once('exit', (code) => fail(new Error(`bare wall exited (${code})`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    },
  };
}

function runBareWall(): void {
  const room = new Set<WebSocket>();
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 4096 });
  const server = http.createServer((req, res) => {
    const m = req.url?.match(/^\/api\/photos\/([0-9a-f-]{36})\/approve$/);
    req.resume();
    if (req.method === 'POST' && m) {
      const payload = Buffer.from(
        JSON.stringify({
          type: 'photo_approved',
          eventId: '00000000-0000-4000-8000-000000000000',
          photoId: m[1],
          status: 'approved',
          kind: 'photo',
        }),
      );
      for (const ws of room) if (ws.readyState === ws.OPEN) ws.send(payload, { binary: false });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    } else res.writeHead(req.url === '/readyz' ? 200 : 404).end();
  });
  server.on('upgrade', (req, socket, head) =>
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.once('message', (d: Buffer) => {
        const eventId = (JSON.parse(d.toString()) as { eventId?: string }).eventId;
        room.add(ws);
        ws.send(JSON.stringify({ type: 'joined', eventId, role: 'guest' }));
      });
      ws.on('close', () => room.delete(ws));
      ws.on('error', () => room.delete(ws));
    }),
  );
  server.listen(0, '127.0.0.1', () => {
    const a = server.address();
    process.stdout.write(`${typeof a === 'object' && a ? a.port : 0}\n`);
  });
  process.on('SIGTERM', () => {
    for (const ws of room) ws.terminate();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  });
}

if (process.env.AFTERGLOW_WALL_CLIENT === '1' && process.send) runWallClient();
if (process.env.AFTERGLOW_WALL_BARE === '1') runBareWall();
