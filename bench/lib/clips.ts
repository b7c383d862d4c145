/* eslint-disable @typescript-eslint/no-explicit-any -- benchmark results are free-form JSON */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeClip, runFfmpeg } from '@afterglow/service-kit/ffmpeg';
import { request, upload, type Guest } from './client';
import { sleep, summary, round } from './stats';

/**
 * A clip as a phone's browser records one (Chromium's MediaRecorder: WebM, VP8 and Opus), `seconds`
 * long at 1280x720 and 30 frames a second, moving (a test pattern) so the encoder has work to do.
 */
export async function recordBenchClip(dir: string, seconds: number): Promise<Buffer> {
  const file = join(dir, 'bench-clip.webm');
  await runFfmpeg([
    '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`,
    '-c:v', 'libvpx', '-b:v', '2500k', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus',
    '-shortest', '-y', file,
  ], 5 * 60_000); // prettier-ignore
  return readFile(file);
}

/** tus `Upload-Metadata` pairs. */
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** One clip up as the camera sends it (tus: POST, then the bytes); answers its capture id and ack time. */
export async function uploadClip(
  base: string,
  g: Guest,
  clip: Buffer,
): Promise<{ id?: string; ackAt: number }> {
  const headers = { origin: base, cookie: g.session.cookie(), 'tus-resumable': '1.0.0' };
  const created = await request(base, 'POST', `/api/events/${g.code}/uploads`, {
    ...headers,
    'upload-length': clip.length,
    'upload-metadata': metadata({
      deviceId: g.deviceId,
      uploadId: randomUUID(),
      kind: 'clip',
      filetype: 'video/webm',
    }),
  });
  const location = created.headers.location;
  if (created.status !== 201 || !location) return { ackAt: performance.now() };
  const sent = await request(
    base,
    'PATCH',
    location,
    {
      ...headers,
      'upload-offset': 0,
      'content-type': 'application/offset+octet-stream',
      'content-length': clip.length,
    },
    clip,
  );
  const id = sent.headers['afterglow-capture-id'];
  return { id: typeof id === 'string' ? id : undefined, ackAt: performance.now() };
}

/**
 * Bare ffmpeg on this machine: `count` clips developed one after another with the media worker's own
 * arguments (developArgs: the same look, overlay, encoder settings, threads and priority), nothing else.
 */
export async function bareClips(clip: Buffer, count: number, film: any, threads: number) {
  const { BACKGROUND, developArgs, clipOverlay, clipSize } =
    await import('../../services/media/src/app/clip-pipeline');
  const dir = await mkdtemp(join(tmpdir(), 'afterglow-bare-clips-'));
  try {
    const input = join(dir, 'in.webm');
    await writeFile(input, clip);
    const probe = await probeClip(input);
    const { width, height } = clipSize(probe);
    const png = await clipOverlay(width, height, film, false);
    const overlay = png ? join(dir, 'overlay.png') : null;
    if (overlay) await writeFile(overlay, png!);
    const times: number[] = [];
    const t0 = performance.now();
    for (let i = 0; i < count; i++) {
      const output = join(dir, `out-${i}.mp4`);
      await runFfmpeg(developArgs({ input, output, probe, film, overlay, threads }), 10 * 60_000, BACKGROUND);
      times.push(performance.now() - t0);
      await rm(output, { force: true });
    }
    return { ms: performance.now() - t0, times };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Clips per minute over a run: clips done, from the first one's start to the last one's end. */
export const perMinute = (count: number, ms: number) => (ms > 0 ? round((count * 60_000) / ms, 2) : null);

/**
 * Photos arriving at a steady `rate` a second for `seconds` from `guests` in turn, each timed from its
 * acknowledgement to its renditions (`developedAt`, filled by the host's WebSocket). Answers the
 * latencies of those developed within `waitMs` after the last upload.
 */
export async function photosAtRate(
  base: string,
  guests: Guest[],
  photos: Buffer[],
  rate: number,
  seconds: number,
  developedAt: Map<string, number>,
  waitMs: number,
) {
  const acks = new Map<string, number>();
  const sends: Promise<void>[] = [];
  const t0 = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const g = guests[i % guests.length]!;
    sends.push(
      upload(base, '', g, photos[i % photos.length]!).then((r) => {
        if (r.photoId) acks.set(r.photoId, r.ackAt);
      }),
    );
  }
  await Promise.all(sends);
  const until = performance.now() + waitMs;
  while ([...acks.keys()].some((id) => !developedAt.has(id)) && performance.now() < until) await sleep(50);
  const latencies = [...acks]
    .filter(([id]) => developedAt.has(id))
    .map(([id, at]) => developedAt.get(id)! - at);
  return { sent: total, acknowledged: acks.size, developed: latencies.length, latencyMs: summary(latencies) };
}
