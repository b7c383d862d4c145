import { photosFirst } from './photos-first';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { filmLook } from '@afterglow/contracts';
import { stampLayer, type FilmOptions } from './film';
import { colourRows } from './film-colour';
import { frameSvg } from './film-overlays';
import { probeClip, runFfmpeg, type ClipProbe } from '@afterglow/service-kit/ffmpeg';
import { filmOf, type DevelopJob } from './job';
import type { CapturePipeline } from './pipeline';
import { DISPLAY_SIZE, KINDS, type Made, type RenditionFacts } from './renditions';
import { watermarkLayer } from './watermark';

// A clip developed with ffmpeg (docs/adr/033-clips.md): an H.264/AAC MP4 for every screen (at most
// 1080p, `+faststart`, a bitrate a phone streams), its poster (the `display` rendition, a JPEG, so
// every list that shows a capture's picture shows the clip's) and the thumbnail made from the poster.
// The film look is the photo presets' own: the same colour map, grain, vignette, frame and date stamp.

/** The longest side and the shortest side a developed clip may have: 1080p, either way up. */
export const CLIP_LONG_SIDE = 1920;
export const CLIP_SHORT_SIDE = 1080;

export const VIDEO: RenditionFacts = { kind: 'video', ext: 'mp4', contentType: 'video/mp4' };
const THUMB = KINDS.find((k) => k.kind === 'thumb')!;
const FRAME: RenditionFacts = { kind: 'frame', ext: 'jpg', contentType: 'image/jpeg' };

/** The encoder's settings: the same here and in the bench's bare ffmpeg. */
export const X264 = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-maxrate',
  '4M',
  '-bufsize',
  '8M',
];
export const AAC = ['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '48000'];
/** How a clip's ffmpeg runs: at the lowest CPU priority, paused while photos develop (photos first). */
export const BACKGROUND = { background: true, onSpawn: photosFirst.clip } as const;
let threads = 0;
/** ffmpeg's threads for a clip (`AFTERGLOW_CLIP_THREADS`); 0: every core but one, which photos keep. */
export const setClipThreads = (n: number) => {
  threads = n;
};
export const clipThreads = () => threads || Math.max(1, availableParallelism() - 1);

/** The size a clip is developed at: within 1080p either way up, never enlarged, even (4:2:0). */
export function clipSize(probe: Pick<ClipProbe, 'width' | 'height' | 'rotation'>) {
  const turned = probe.rotation === 90 || probe.rotation === 270;
  const [w, h] = turned ? [probe.height, probe.width] : [probe.width, probe.height];
  const [long, short] = w >= h ? [CLIP_LONG_SIDE, CLIP_SHORT_SIDE] : [CLIP_SHORT_SIDE, CLIP_LONG_SIDE];
  const scale = Math.min(1, long / w, short / h);
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(w), height: even(h) };
}

/**
 * What lies over every frame of a clip, as one transparent PNG of its size: the look's vignette and
 * perforated frame and the date stamp (as on a photo), then the free plan's watermark. Null when
 * nothing does.
 */
export async function clipOverlay(
  width: number,
  height: number,
  film: FilmOptions | null,
  watermark: boolean,
): Promise<Buffer | null> {
  const layers: OverlayOptions[] = [];
  if (film) {
    layers.push({ input: Buffer.from(frameSvg(width, height, filmLook(film.preset).vignette)) });
    const stamp = stampLayer(width, height, film);
    if (stamp) layers.push(stamp);
  }
  const mark = watermark ? watermarkLayer(width, height) : null;
  if (mark) layers.push(mark);
  if (!layers.length) return null;
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite(layers)
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * The look's colour map and grain as ffmpeg filters. The colour map is the photos' 3×4 recombination
 * (`colourMap`): `colorchannelmixer` on RGBA, whose opaque alpha carries the offsets, as the alpha band
 * does for sharp. Grain is luma noise, new in every frame as film's is, from a fixed seed.
 */
export function filmFilters(film: FilmOptions | null): { colour: string[]; grain: string[] } {
  if (!film) return { colour: [], grain: [] };
  const look = filmLook(film.preset);
  const c = (n: number) => Number(n.toFixed(5));
  const mix = colourRows(look)
    .flatMap((row, i) => row.map((v, j) => `${'rgb'[i]}${'rgba'[j]}=${c(v)}`))
    .join(':');
  const strength = Math.min(100, Math.round(look.grain * 300));
  return {
    colour: ['format=rgba', `colorchannelmixer=${mix}`],
    grain: strength > 0 ? [`noise=c0s=${strength}:c0f=t+u:all_seed=20241126`] : [],
  };
}

/** The ffmpeg arguments that develop `input` into `output` (an MP4), with `overlay` (a PNG) if any. */
export function developArgs(opts: {
  input: string;
  output: string;
  probe: ClipProbe;
  film: FilmOptions | null;
  overlay: string | null;
  threads: number;
}): string[] {
  const { width, height } = clipSize(opts.probe);
  const { colour, grain } = filmFilters(opts.film);
  const video = [
    `scale=${width}:${height}:flags=bicubic`,
    ...colour,
    'format=yuv420p',
    ...grain,
    'setsar=1',
  ].join(',');
  const graph = opts.overlay
    ? `[0:v:0]${video}[v];[v][1:v]overlay=0:0:format=auto,format=yuv420p[out]`
    : `[0:v:0]${video}[out]`;
  return [
    '-threads',
    String(opts.threads),
    '-i',
    opts.input,
    ...(opts.overlay ? ['-i', opts.overlay] : []),
    '-filter_complex',
    graph,
    '-map',
    '[out]',
    ...(opts.probe.hasAudio ? ['-map', '0:a:0', ...AAC] : ['-an']),
    ...X264,
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-vsync',
    'vfr',
    '-movflags',
    '+faststart',
    '-map_metadata',
    '-1',
    '-threads',
    String(opts.threads),
    '-f',
    'mp4',
    opts.output,
  ];
}

/** Where a clip is looked at when one picture is not enough: at a fifth, a half and four fifths. */
export const SAMPLED_AT = [0.2, 0.5, 0.8] as const;

/**
 * JPEGs of a video's frames at `SAMPLED_AT` of its length (the AI safety filter's pictures, Find Me's
 * faces), made in `dir` with ffmpeg in the background.
 */
export async function sampleFrames(video: string, durationMs: number, dir: string): Promise<Buffer[]> {
  const frames: Buffer[] = [];
  for (const [i, share] of SAMPLED_AT.entries()) {
    const file = join(dir, `frame-${i}.jpg`);
    await runFfmpeg(
      ['-ss', ((durationMs * share) / 1000).toFixed(3), '-i', video, '-frames:v', '1', '-q:v', '3', file],
      undefined,
      BACKGROUND,
    );
    frames.push(await readFile(file));
  }
  return frames;
}

/**
 * Develops a clip: its MP4 with the event's look and the plan's watermark, its poster (`display`, a
 * JPEG of a frame half a second in, or half way through a shorter clip) and the thumbnail from the
 * poster. Works in a folder of its own under the system's temp folder, removed after. Refuses a file
 * ffmpeg cannot read as a video.
 */
export async function makeClipRenditions(original: Buffer, job: DevelopJob): Promise<Made[]> {
  const dir = await mkdtemp(join(tmpdir(), 'afterglow-clip-'));
  try {
    const input = join(dir, 'original');
    await writeFile(input, original);
    const probe = await probeClip(input);
    const { width, height } = clipSize(probe);
    const film = filmOf(job);
    const overlayPng = await clipOverlay(width, height, film, job.watermark === true);
    const overlay = overlayPng ? join(dir, 'overlay.png') : null;
    if (overlay) await writeFile(overlay, overlayPng!);
    const output = join(dir, 'video.mp4');
    // ffmpeg in the background: photos developing meanwhile get the CPU first (ADR 033)
    await runFfmpeg(
      developArgs({ input, output, probe, film, overlay, threads: clipThreads() }),
      // paused meanwhile whenever photos develop: a busy party's clip may take a while
      30 * 60_000,
      BACKGROUND,
    );
    const at = Math.min(0.5, probe.durationMs / 2000);
    const posterFile = join(dir, 'poster.png');
    await runFfmpeg(
      ['-ss', at.toFixed(3), '-i', output, '-frames:v', '1', posterFile],
      undefined,
      BACKGROUND,
    );
    const video = await readFile(output);
    const { durationMs } = probe;
    // the AI safety filter's pictures (ADR 027)
    const frames: Made[] =
      job.aiFilter === true
        ? (await sampleFrames(output, durationMs, dir)).map((data) => ({
            kind: FRAME,
            data,
            width,
            height,
            judgeOnly: true,
          }))
        : [];
    const poster = await sharp(await readFile(posterFile))
      .resize({ width: DISPLAY_SIZE, height: DISPLAY_SIZE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, progressive: true, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    const thumb = await (
      await THUMB.make(sharp(poster.data), null, { watermark: false })
    ).toBuffer({
      resolveWithObject: true,
    });
    return [
      { kind: VIDEO, data: video, width, height, durationMs },
      { kind: KINDS[0]!, data: poster.data, width: poster.info.width, height: poster.info.height },
      { kind: THUMB, data: thumb.data, width: thumb.info.width, height: thumb.info.height },
      ...frames,
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A clip's pipeline (ADR 030, 033): its renditions made with ffmpeg; the filter judges its poster and
 * three frames. A clip developed before is developed again rather than read back (its video's size
 * and length are ffmpeg's to read): the keys are the same, so it overwrites what it made then.
 */
export const clipPipeline: CapturePipeline = {
  make: makeClipRenditions,
  stored: () => Promise.resolve(null),
  judged: 'display',
};
