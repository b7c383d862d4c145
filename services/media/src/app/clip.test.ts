import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goldenDistance } from '../test-support/golden';
import { SCENE_SVG } from '../test-support/scene';
import { clipSize, makeClipRenditions } from './clip-pipeline';
import { probeClip, runFfmpeg } from '@afterglow/service-kit/ffmpeg';
import type { DevelopJob } from './job';

// Clips developed with the ffmpeg `npm install` brings (docs/adr/033-clips.md), from clips ffmpeg
// records here as a browser's MediaRecorder does (WebM, VP8 and Opus) and as a phone's camera does
// (MP4, H.264 and AAC). Goldens: __golden__/clip-*.png (`UPDATE_GOLDEN=1` rewrites them).
const GOLDEN = join(import.meta.dirname, '__golden__');

let dir: string;
let webm: Buffer;
const job = (over: Partial<DevelopJob> = {}): DevelopJob => ({
  photoId: '6f1d1c3e-8f57-4f0e-9a55-0b6a2c0d4e11',
  eventId: '1c6e0a52-2f0e-4a55-9d3c-7b5f0e2d9a10',
  originalKey: 'events/x/originals/y.webm',
  kind: 'clip' as DevelopJob['kind'],
  uploadedAt: '2024-11-26T18:30:00Z',
  timezone: 'Europe/Berlin',
  ...over,
});

/** A clip of `seconds` holding the scene, with a tone, in `container` as a recorder writes it. */
async function record(seconds: number, container: 'webm' | 'mp4', size = '1200x900') {
  const file = join(dir, `clip-${seconds}-${size}.${container}`);
  const codecs =
    container === 'webm'
      ? ['-c:v', 'libvpx', '-b:v', '2M', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus']
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac'];
  await runFfmpeg([
    '-loop', '1', '-framerate', '30', '-i', join(dir, 'scene.png'),
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-t', String(seconds), '-vf', `scale=${size.replace('x', ':')},format=yuv420p`,
    ...codecs, '-shortest', file,
  ]); // prettier-ignore
  return readFile(file);
}

const read = async (name: string, data: Buffer) => {
  const file = join(dir, name);
  await writeFile(file, data);
  return probeClip(file);
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'afterglow-clip-test-'));
  await writeFile(join(dir, 'scene.png'), await sharp(Buffer.from(SCENE_SVG)).png().toBuffer());
  webm = await record(3, 'webm');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('clips developed with ffmpeg', () => {
  it('makes an H.264/AAC MP4 that starts playing before it has all arrived, its poster and thumbnail', async () => {
    const sum = createHash('sha256').update(webm).digest('hex');
    const [video, poster, thumb] = await makeClipRenditions(webm, job());
    expect(createHash('sha256').update(webm).digest('hex')).toBe(sum); // the original is not touched
    expect(video!.kind).toMatchObject({ kind: 'video', ext: 'mp4', contentType: 'video/mp4' });
    const got = await read('out.mp4', video!.data);
    expect(got).toMatchObject({ videoCodec: 'h264', hasAudio: true, width: 1200, height: 900 });
    expect(Math.abs(got.durationMs - 3000)).toBeLessThan(150);
    // +faststart: the index (moov) comes before the media (mdat)
    expect(video!.data.indexOf('moov')).toBeLessThan(video!.data.indexOf('mdat'));
    expect(poster!.kind.kind).toBe('display');
    expect(await sharp(poster!.data).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 900 });
    expect(thumb!.kind.kind).toBe('thumb');
    expect(await sharp(thumb!.data).metadata()).toMatchObject({ format: 'webp', width: 400, height: 300 });
  });

  it.each(['classic', 'bw'])('gives a clip the %s film look of the photos', async (preset) => {
    const [, poster] = await makeClipRenditions(webm, job({ filmMode: true, filmPreset: preset }));
    expect(await goldenDistance(poster!.data, join(GOLDEN, `clip-${preset}.png`))).toBeLessThan(2);
    // the photo preset's own look: its golden differs by the clip's moving grain and the photo's
    // light leaks (a clip has none), not by colour, frame or stamp
    const photo = join(GOLDEN, `${preset}.png`);
    const plain = await goldenDistance((await makeClipRenditions(webm, job()))[1]!.data, photo, false);
    const looked = await goldenDistance(poster!.data, photo, false);
    expect(looked).toBeLessThan(Math.min(12, plain / 3)); // measured here: 7.5 and 9.1 against 29 and 34
  });

  it('keeps a phone’s MP4 within 1080p, the right way up, and a clip without sound silent', async () => {
    expect(clipSize({ width: 3840, height: 2160, rotation: 0 })).toEqual({ width: 1920, height: 1080 });
    expect(clipSize({ width: 3840, height: 2160, rotation: 90 })).toEqual({ width: 1080, height: 1920 });
    expect(clipSize({ width: 641, height: 361, rotation: 0 })).toEqual({ width: 642, height: 362 });
    const mp4 = await record(1, 'mp4', '2560x1440');
    const [video] = await makeClipRenditions(mp4, job({ watermark: true }));
    expect(await read('big.mp4', video!.data)).toMatchObject({
      width: 1920,
      height: 1080,
      videoCodec: 'h264',
    });
    const silent = join(dir, 'silent.webm');
    await runFfmpeg(['-i', join(dir, 'clip-3-1200x900.webm'), '-an', '-c', 'copy', silent]);
    const [quiet] = await makeClipRenditions(await readFile(silent), job());
    expect(await read('quiet.mp4', quiet!.data)).toMatchObject({ hasAudio: false });
  });

  it('measures a clip’s length from its frames, and refuses what is not a video', async () => {
    expect(Math.abs((await read('three.webm', webm)).durationMs - 3000)).toBeLessThan(100);
    const picture = await sharp(Buffer.from(SCENE_SVG)).jpeg().toBuffer();
    await expect(read('picture.jpg', picture)).rejects.toThrow('not a video');
    await expect(read('noise.bin', Buffer.alloc(4096, 7))).rejects.toThrow('not a video');
    await expect(makeClipRenditions(picture, job())).rejects.toThrow('not a video');
  });
});
