import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFaces, samplePhoto } from '@afterglow/faces';
import { runFfmpeg } from '@afterglow/service-kit/ffmpeg';
import { createFsStore } from '@afterglow/storage';
import type { ObjectStore } from '@afterglow/storage';
import { describeCapture } from './faces';

// Find Me's faces of a capture (ADR 036) with the real models: a photo's display rendition, and three
// frames sampled from a clip's video.
const ids = {
  photoId: '6f1d1c3e-8f57-4f0e-9a55-0b6a2c0d4e11',
  eventId: '1c6e0a52-2f0e-4a55-9d3c-7b5f0e2d9a10',
};

describe("a capture's faces", () => {
  let dir: string;
  let store: ObjectStore;
  let inPhoto: number;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'afterglow-faces-test-'));
    store = createFsStore({ root: join(dir, 'store') });
    await store.put('display.jpg', samplePhoto(1), { contentType: 'image/jpeg' });
    inPhoto = (await describeFaces(samplePhoto(1))).length;
    // a 2-second clip of the group photo, as the worker's video rendition is (H.264 MP4)
    const still = join(dir, 'still.jpg');
    await writeFile(still, samplePhoto(1));
    const video = join(dir, 'video.mp4');
    await runFfmpeg([
      '-loop',
      '1',
      '-framerate',
      '15',
      '-i',
      still,
      '-t',
      '2',
      '-vf',
      'scale=trunc(iw/2)*2:trunc(ih/2)*2,format=yuv420p',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      video,
    ]);
    await store.put('video.mp4', await readFile(video), { contentType: 'video/mp4' });
  }, 60_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("describes a photo's faces from its display rendition", async () => {
    const found = await describeCapture(store, { ...ids, kind: 'photo', key: 'display.jpg' }, describeFaces);
    expect(found?.faces).toHaveLength(inPhoto);
    expect(found?.faces[0]?.descriptor).toHaveLength(128);
  }, 60_000);

  it("describes a clip's faces from three frames of its video", async () => {
    const found = await describeCapture(store, { ...ids, kind: 'clip', key: 'video.mp4' }, describeFaces);
    expect(found?.faces).toHaveLength(3 * inPhoto);
  }, 120_000);

  it('answers null for a capture deleted meanwhile, and no faces for a picture the model cannot read', async () => {
    expect(
      await describeCapture(store, { ...ids, kind: 'photo', key: 'gone.jpg' }, describeFaces),
    ).toBeNull();
    await store.put('junk.jpg', Buffer.from('not a picture'), { contentType: 'image/jpeg' });
    const errors: unknown[] = [];
    const junk = await describeCapture(
      store,
      { ...ids, kind: 'photo', key: 'junk.jpg' },
      describeFaces,
      (e) => errors.push(e),
    );
    expect(junk?.faces).toEqual([]);
    expect(errors).toHaveLength(1);
  });
});
