import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FacesDescribed, FacesWanted } from '@afterglow/contracts';
import { probeClip } from '@afterglow/service-kit/ffmpeg';
import type { ObjectStore } from '@afterglow/storage';
import { sampleFrames } from './clip-pipeline';

/** A face as `@afterglow/faces` answers it. */
type Face = FacesDescribed['faces'][number];
const MAX_FACES = 200;
export type DescribeFaces = (image: Buffer) => Promise<Face[]>;

/**
 * The faces of a developed capture (Find Me, ADR 036): a photo's display rendition's, or those of three
 * frames sampled from a clip's video. Null when the rendition is gone (the capture was deleted). A
 * picture the model cannot read has no faces: the capture is then recorded as looked at.
 */
export async function describeCapture(
  store: ObjectStore,
  m: FacesWanted,
  describe: DescribeFaces,
  onUnreadable?: (err: unknown) => void,
): Promise<FacesDescribed | null> {
  const rendition = await store.getBuffer(m.key);
  if (!rendition) return null;
  const pictures = m.kind === 'clip' ? await clipFrames(rendition) : [rendition];
  const faces: Face[] = [];
  for (const picture of pictures)
    try {
      faces.push(...(await describe(picture)));
    } catch (err) {
      onUnreadable?.(err);
    }
  return {
    photoId: m.photoId,
    eventId: m.eventId,
    // a crowd: the largest faces (the nearest people) first, as many as a message holds
    faces: [...faces]
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)
      .slice(0, MAX_FACES)
      .map((f) => ({
        box: f.box,
        score: Math.min(1, Math.max(0, f.score)),
        descriptor: Array.from(f.descriptor),
      })),
  };
}

async function clipFrames(video: Buffer): Promise<Buffer[]> {
  const dir = await mkdtemp(join(tmpdir(), 'afterglow-faces-'));
  try {
    const file = join(dir, 'video.mp4');
    await writeFile(file, video);
    const { durationMs } = await probeClip(file);
    return await sampleFrames(file, durationMs, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
