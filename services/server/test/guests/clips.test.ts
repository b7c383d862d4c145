import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Upload } from 'tus-js-client';
import { readZip } from '../../../photos/src/test-support/zip-reader';
import { sendCapture } from '../../../../frontends/guest/src/lib/upload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIP_CODES, CLIP_MESSAGES, PLAN_CODES } from '@afterglow/contracts';
import { setPlanByEmail } from '@afterglow/billing';
import { probeClip, runFfmpeg } from '@afterglow/service-kit/ffmpeg';
import {
  shotsTakenBy,
  Browser,
  eventBody,
  isoIn,
  tusMetadata,
  liftEventLimit,
  loginThroughIdp,
  makeJpeg,
  startApp,
  waitFor,
  type TestApp,
} from '../support/harness';

// Clips' resumable uploads (tus 1.0.0, ADR 033), from outside as a guest's phone sends them: a real
// tus client (tus-js-client) and a connection cut mid-PATCH, then developed by the media worker with
// ffmpeg. The guest's clips are recorded here by ffmpeg as a browser's MediaRecorder writes them.

let dir: string;
/** A clip of `seconds` (WebM, VP8 and Opus), as Chromium's MediaRecorder records one. */
async function recordClip(seconds: number): Promise<Buffer> {
  const file = join(dir, `clip-${seconds}.webm`);
  await runFfmpeg([
    '-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=30:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`,
    '-c:v', 'libvpx', '-b:v', '1M', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus',
    '-shortest', file,
  ]); // prettier-ignore
  return readFile(file);
}

describe('clips: resumable uploads, developed with ffmpeg', () => {
  let app: TestApp;
  let host: Browser;
  let guest: Browser;
  let code: string;
  let deviceId: string;
  let clip: Buffer;

  const shotsTaken = () => shotsTakenBy(guest, deviceId);

  /** POST: a new upload of `length` bytes for the capture `uploadId`; answers the response. */
  const create = (length: number, uploadId: string, extra: Record<string, string> = {}, who = guest) =>
    who.fetch(`/api/events/${code}/uploads`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(length),
        'upload-metadata': tusMetadata({
          deviceId,
          uploadId,
          kind: 'clip',
          filetype: 'video/webm',
          ...extra,
        }),
      },
    });
  const patch = (location: string, offset: number, body: Buffer) =>
    guest.fetch(location, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(body),
    });
  const head = (location: string) =>
    guest.fetch(location, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } });

  /** Sends all of `file` as one clip, answering the last PATCH. */
  async function sendWhole(file: Buffer) {
    const made = await create(file.length, randomUUID());
    expect(made.status).toBe(201);
    return patch(made.headers.get('location')!, 0, file);
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'afterglow-clips-'));
    app = await startApp();
    await liftEventLimit(app);
    host = new Browser(app.base);
    await loginThroughIdp(host, 'clips-host@example.test', 'short films at the party');
    await waitFor(() =>
      setPlanByEmail(app.ctx.database.db, 'clips-host@example.test', 'basic').then(
        (n) => n === 1 || undefined,
      ),
    );
    const made = await host.json('POST', '/api/events', eventBody({ allowClips: true, clipSeconds: 5 }));
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ allowClips: true, clipSeconds: 5 });
    code = made.body.code;
    guest = new Browser(app.base);
    const joined = await guest.json('POST', `/api/events/${code}/devices`, { anonId: randomUUID() });
    deviceId = joined.body.id;
    clip = await recordClip(3);
  });
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('resumes an upload cut off mid-PATCH from where it stopped: one capture, one shot', async () => {
    const uploadId = randomUUID();
    const made = await create(clip.length, uploadId);
    expect(made.status).toBe(201);
    expect(made.headers.get('tus-resumable')).toBe('1.0.0');
    const location = made.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^/api/events/${code}/uploads/[0-9a-f-]{36}$`));

    // half the clip, then the connection drops (the venue's Wi-Fi)
    const half = Math.floor(clip.length / 2);
    await new Promise<void>((resolve) => {
      const url = new URL(location, app.base);
      const req = request(url, {
        method: 'PATCH',
        headers: {
          cookie: guest.cookieHeader(),
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(clip.length),
        },
      });
      req.on('error', () => resolve());
      req.write(clip.subarray(0, half), () => setTimeout(() => req.destroy(), 300));
      req.on('close', () => resolve());
    });
    const arrived = await waitFor(async () => {
      const h = await head(location);
      const n = Number(h.headers.get('upload-offset'));
      return n > 0 ? n : undefined;
    });
    expect(arrived).toBeLessThanOrEqual(half);
    expect((await head(location)).headers.get('upload-length')).toBe(String(clip.length));
    expect(await shotsTaken()).toBe(0);

    // resumed where it stopped; a PATCH from anywhere else is refused
    expect((await patch(location, 0, clip)).status).toBe(409);
    const rest = await patch(location, arrived, clip.subarray(arrived));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(clip.length));
    const captureId = rest.headers.get('afterglow-capture-id');
    expect(captureId).toMatch(/^[0-9a-f-]{36}$/);
    expect(rest.headers.get('afterglow-shots-remaining')).toBeTruthy();
    expect(await shotsTaken()).toBe(1);

    // retried in every way a phone might: still one capture, one shot
    const again = await patch(location, arrived, clip.subarray(arrived));
    expect(again.headers.get('afterglow-capture-id')).toBe(captureId);
    const recreated = await create(clip.length, uploadId);
    expect(recreated.headers.get('location')).toBe(location);
    expect((await head(location)).headers.get('afterglow-capture-id')).toBe(captureId);
    expect(await shotsTaken()).toBe(1);

    // the original is the upload, byte for byte; the clip develops into an H.264 MP4 with a poster
    const mine = await waitFor(async () => {
      const r = await guest.json('GET', `/api/devices/${deviceId}/photos`);
      const p = r.body.photos.find((x: { id: string }) => x.id === captureId);
      return p?.processed ? p : undefined;
    }, 60_000);
    expect(mine).toMatchObject({ kind: 'clip', durationMs: expect.any(Number) });
    expect(Math.abs(mine.durationMs - 3000)).toBeLessThan(200);
    const video = Buffer.from(await (await guest.fetch(mine.videoUrl)).arrayBuffer());
    // a video player asks for ranges (Safari plays nothing without)
    const part = await guest.fetch(mine.videoUrl, { headers: { range: 'bytes=100-1099' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(100, 1100))).toBe(true);
    const past = await guest.fetch(mine.videoUrl, { headers: { range: `bytes=${video.length + 10}-` } });
    expect(past.status).toBe(416);
    await writeFile(join(dir, 'developed.mp4'), video);
    expect(await probeClip(join(dir, 'developed.mp4'))).toMatchObject({ videoCodec: 'h264', hasAudio: true });
    expect((await guest.fetch(mine.posterUrl)).headers.get('content-type')).toBe('image/jpeg');
    const hostView = await host.json('GET', `/api/events/${code}/photos/pending`);
    const seen = hostView.body.find((p: { id: string }) => p.id === captureId);
    const original = Buffer.from(await (await host.fetch(seen.originalUrl)).arrayBuffer());
    expect(original.equals(clip)).toBe(true);

    // the host's export holds the original as it was recorded, named as its container, and lists it
    const manifest = (await host.json('GET', `/api/events/${seen.eventId}/export`)).body;
    const zip = Buffer.from(await (await host.fetch(manifest.parts[0].url)).arrayBuffer());
    const entries = await readZip(zip);
    const inZip = entries.find((x) => x.name.endsWith('.webm'));
    expect(inZip?.bytes.equals(clip)).toBe(true);
    expect(entries[0]!.bytes.toString('utf8')).toContain(inZip!.name.split('/').pop());
  });

  it('takes a clip from a real tus client, in chunks', async () => {
    const before = await shotsTaken();
    const captureId = await new Promise<string>((resolve, reject) => {
      const upload = new Upload(clip, {
        endpoint: `${app.base}/api/events/${code}/uploads`,
        chunkSize: 64 * 1024,
        metadata: {
          deviceId,
          uploadId: randomUUID(),
          kind: 'clip',
          filetype: 'video/webm',
          caption: 'Cheers!',
        },
        headers: { cookie: guest.cookieHeader() },
        retryDelays: [0, 200, 1000],
        onError: reject,
        onAfterResponse: (_req, res) => {
          const id = res.getHeader('Afterglow-Capture-Id');
          if (id) resolve(id);
        },
      });
      upload.start();
    });
    expect(captureId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await shotsTaken()).toBe(before + 1);
    const mine = (await guest.json('GET', `/api/devices/${deviceId}/photos`)).body.photos;
    expect(mine.find((p: { id: string }) => p.id === captureId)).toMatchObject({
      kind: 'clip',
      caption: 'Cheers!',
    });
  });

  it("resumes with the camera's own tus client: from the upload a cut-off try left, the rest in chunks", async () => {
    const before = await shotsTaken();
    const uploadId = randomUUID();
    const made = await create(clip.length, uploadId);
    const location = made.headers.get('location')!;
    // an earlier try (the page before a reload, say) got a third of it up
    const third = Math.floor(clip.length / 3);
    expect((await patch(location, 0, clip.subarray(0, third))).status).toBe(204);

    // the page's fetch, as a browser's: its origin, the device cookie
    const pageFetch = globalThis.fetch;
    globalThis.fetch = ((input: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set('cookie', guest.cookieHeader());
      headers.set('origin', app.base);
      return pageFetch(new URL(input, app.base), { ...init, headers });
    }) as typeof fetch;
    const offsets: number[] = [];
    try {
      const photo = new Blob([new Uint8Array(clip)], { type: 'video/webm' });
      const capture = { kind: 'clip' as const, photo, eventCode: code, deviceId, caption: '', uploadId };
      const sent = await sendCapture(capture, location, { onProgress: (at) => offsets.push(at) });
      expect(sent).toMatchObject({ kind: 'stored' });
      // sent again (its answer lost, say): the same capture, no second shot
      expect(await sendCapture(capture, location)).toMatchObject({ kind: 'stored' });
      // from a page that lost the address: the same upload, found again by the capture's id
      expect(await sendCapture(capture)).toMatchObject({ kind: 'stored' });
    } finally {
      globalThis.fetch = pageFetch;
    }
    expect(offsets[0]).toBe(third);
    expect(offsets.at(-1)).toBe(clip.length);
    expect(await shotsTaken()).toBe(before + 1);
  });

  it('shares an approved clip: its page names the MP4 (og:video), served in ranges to anyone it is shown to', async () => {
    // public galleries come with Event Pro
    const host = new Browser(app.base);
    await loginThroughIdp(host, 'clips-pro@example.test', 'a clip for the public gallery');
    await waitFor(() =>
      setPlanByEmail(app.ctx.database.db, 'clips-pro@example.test', 'pro').then((n) => n === 1 || undefined),
    );
    const made = await host.json(
      'POST',
      '/api/events',
      eventBody({ allowClips: true, clipSeconds: 5, startsAt: isoIn(-60_000), revealMode: 'live' }),
    );
    expect(made.status).toBe(201);
    const e = made.body;
    expect((await host.json('PUT', `/api/events/${e.id}/sharing`, { isPublic: true })).status).toBe(200);
    const phone = new Browser(app.base);
    const device = (await phone.json('POST', `/api/events/${e.code}/devices`, { anonId: randomUUID() })).body;
    const created = await phone.fetch(`/api/events/${e.code}/uploads`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(clip.length),
        'upload-metadata': tusMetadata({ deviceId: device.id, uploadId: randomUUID(), kind: 'clip' }),
      },
    });
    const sent = await phone.fetch(created.headers.get('location')!, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(clip),
    });
    const id = sent.headers.get('afterglow-capture-id')!;
    await waitFor(async () => {
      const pending = (await host.json('GET', `/api/events/${e.code}/photos/pending`)).body;
      return (
        pending.some((p: { id: string; videoUrl: string | null }) => p.id === id && p.videoUrl) || undefined
      );
    }, 60_000);
    const visitor = new Browser(app.base);
    // not approved yet: nothing to share
    expect((await visitor.fetch(`/share/photo/${id}/video.mp4`)).status).toBe(404);
    expect((await host.json('POST', `/api/photos/${id}/approve`)).status).toBe(200);

    const page = await (await visitor.fetch(`/share/photo/${id}`)).text();
    const meta = (key: string) => new RegExp(`<meta property="${key}" content="([^"]*)">`).exec(page)?.[1];
    expect(meta('og:type')).toBe('video.other');
    expect(meta('og:video:type')).toBe('video/mp4');
    expect(new URL(meta('og:video')!).pathname).toBe(`/share/photo/${id}/video.mp4`);
    expect(meta('og:image')).toMatch(new RegExp(`/share/photo/${id}/image\\.jpg$`));
    const whole = await visitor.fetch(`/share/photo/${id}/video.mp4`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    const bytes = Buffer.from(await whole.arrayBuffer());
    const part = await visitor.fetch(`/share/photo/${id}/video.mp4`, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);
    // hidden again by its host: gone from the share address at once
    expect((await host.json('POST', `/api/photos/${id}/reject`)).status).toBe(200);
    expect((await visitor.fetch(`/share/photo/${id}/video.mp4`)).status).toBe(404);
  });

  it('refuses a clip longer than the event allows, and a file that is not a video, spending no shot', async () => {
    const before = await shotsTaken();
    const long = await sendWhole(await recordClip(7));
    expect(long.status).toBe(422);
    expect(long.headers.get('content-type')).toContain('application/problem+json');
    expect(await long.json()).toMatchObject({ code: CLIP_CODES.tooLong, detail: CLIP_MESSAGES.tooLong });
    const picture = await sendWhole(await makeJpeg());
    expect(picture.status).toBe(422);
    expect(await picture.json()).toMatchObject({ code: CLIP_CODES.notVideo, detail: CLIP_MESSAGES.notVideo });
    expect(await shotsTaken()).toBe(before);
    // nor more bytes than the upload said, nor an upload with no length
    const made = await create(10, randomUUID());
    expect((await patch(made.headers.get('location')!, 0, Buffer.alloc(11))).status).toBe(413);
    const noLength = await guest.fetch(`/api/events/${code}/uploads`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-metadata': tusMetadata({ deviceId, uploadId: randomUUID(), kind: 'clip' }),
      },
    });
    expect(noLength.status).toBe(400);
    expect(await shotsTaken()).toBe(before);
  });

  it('takes clips only where the event and the plan allow them, and only from the device itself', async () => {
    const photosOnly = await host.json('POST', '/api/events', eventBody({ name: 'Stills only' }));
    const other = new Browser(app.base);
    const joined = await other.json('POST', `/api/events/${photosOnly.body.code}/devices`, {
      anonId: randomUUID(),
    });
    const refused = await other.fetch(`/api/events/${photosOnly.body.code}/uploads`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '100',
        'upload-metadata': tusMetadata({ deviceId: joined.body.id, uploadId: randomUUID(), kind: 'clip' }),
      },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: CLIP_CODES.notAllowed });

    // a free host cannot turn clips on
    const free = new Browser(app.base);
    await loginThroughIdp(free, 'clips-free@example.test', 'photos only please');
    const freeEvent = await free.json('POST', '/api/events', eventBody({ allowClips: true }));
    expect(freeEvent.status).toBe(403);
    expect(freeEvent.body.code).toBe(PLAN_CODES.noClips);

    // someone else's device, and no device at all
    expect((await create(100, randomUUID(), {}, other)).status).toBe(403);
    expect((await create(100, randomUUID(), {}, new Browser(app.base))).status).toBe(403);
    // another protocol version
    const old = await guest.fetch(`/api/events/${code}/uploads`, {
      method: 'POST',
      headers: { 'tus-resumable': '0.2.2', 'upload-length': '100' },
    });
    expect(old.status).toBe(412);
    expect(old.headers.get('tus-version')).toBe('1.0.0');
  });
});
