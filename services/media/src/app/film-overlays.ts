import sharp from 'sharp';

/**
 * The film look's overlays as SVG, drawn from shapes only (no text, so no system font can change a
 * pixel): the frame with its perforations and the vignette, the date stamp in seven-segment digits,
 * and light leaks placed by a generator seeded from the photo's id. Small overlays (the stamp, the
 * watermark) are rendered once and kept, and laid over a picture's pixels in place.
 */

/** A picture's pixels: 8 bits a channel, interleaved, rows top to bottom. */
export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

/** A map that keeps at most `limit` entries (the oldest go first), of promises a failure does not keep. */
export function keeper<T>(limit: number) {
  const kept = new Map<string, Promise<T>>();
  return (key: string, make: () => Promise<T>): Promise<T> => {
    let hit = kept.get(key);
    if (!hit) {
      if (kept.size >= limit) kept.delete(kept.keys().next().value!);
      hit = make();
      hit.catch(() => kept.delete(key));
      kept.set(key, hit);
    }
    return hit;
  };
}

const rasters = keeper<Pixels>(64);
/** An SVG rendered as RGBA (plain alpha) at its own size, as sharp composites it; kept for the next picture. */
export function rasterised(svg: string): Promise<Pixels> {
  return rasters(svg, async () => {
    const { data, info } = await sharp(Buffer.from(svg))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: 4 };
  });
}

/**
 * Lays an RGBA layer (plain alpha) over an RGB picture at `left`, `top`, in place, in plain alpha
 * blending as sharp's `composite` does; what falls outside the picture is left out.
 */
export function layOver(px: Pixels, layer: Pixels, left: number, top: number): void {
  const { data, width: w, channels: n } = px;
  const { data: l, width: lw } = layer;
  const [x0, x1] = [Math.max(0, left), Math.min(w, left + lw)];
  const [y0, y1] = [Math.max(0, top), Math.min(px.height, top + layer.height)];
  for (let y = y0; y < y1; y++) {
    for (
      let x = x0, s = ((y - top) * lw + x0 - left) * 4, d = (y * w + x0) * n;
      x < x1;
      x++, s += 4, d += n
    ) {
      const a = l[s + 3]!;
      if (a === 0) continue;
      const k = a / 255;
      for (let c = 0; c < 3; c++) data[d + c] = Math.round(data[d + c]! + (l[s + c]! - data[d + c]!) * k);
    }
  }
}

/** A small deterministic generator (mulberry32) seeded from a string (FNV-1a). */
export function seeded(text: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (v: number) => Math.round(v * 10) / 10;
const rect = (x: number, y: number, w: number, h: number, extra = '') =>
  `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}"${extra}/>`;
const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

/** The frame's thickness: the perforated edges (along the long side) and the plain ones. */
export function frameSizes(w: number, h: number) {
  const perforated = Math.max(3, Math.round(Math.min(w, h) * 0.07));
  return { perforated, plain: Math.max(1, Math.round(perforated * 0.35)) };
}

/**
 * The vignette (the same gradient as the viewfinder's CSS `radial-gradient(ellipse, transparent 55%,
 * black)`), then a dark film rebate round the picture with perforations along its long sides.
 */
export function frameSvg(w: number, h: number, vignette: number): string {
  const { perforated: b, plain: s } = frameSizes(w, h);
  const landscape = w >= h;
  const [top, side] = landscape ? [b, s] : [s, b];
  const long = landscape ? w : h;
  const holeAlong = b * 0.42;
  const holeAcross = b * 0.5;
  const pitch = holeAlong * 2.1;
  const count = Math.floor(long / pitch);
  const start = (long - count * pitch) / 2 + (pitch - holeAlong) / 2;
  const rx = ` rx="${r1(holeAcross * 0.18)}"`;
  const holes: string[] = [];
  for (let i = 0; i < count; i++) {
    const along = start + i * pitch;
    const across = (b - holeAcross) / 2;
    holes.push(
      landscape
        ? rect(along, across, holeAlong, holeAcross, rx) +
            rect(along, h - b + across, holeAlong, holeAcross, rx)
        : rect(across, along, holeAcross, holeAlong, rx) +
            rect(w - b + across, along, holeAcross, holeAlong, rx),
    );
  }
  return svg(
    w,
    h,
    `<defs><radialGradient id="v" cx="0.5" cy="0.5" r="0.7071">` +
      `<stop offset="0.55" stop-color="#000" stop-opacity="0"/>` +
      `<stop offset="1" stop-color="#000" stop-opacity="${vignette}"/></radialGradient></defs>` +
      `<rect width="${w}" height="${h}" fill="url(#v)"/>` +
      `<path fill="#15110d" fill-rule="evenodd" d="M0 0H${w}V${h}H0Z M${side} ${top}H${w - side}V${h - top}H${side}Z"/>` +
      `<g fill="#efe6d2" fill-opacity="0.92">${holes.join('')}</g>`,
  );
}

/** Which of the seven segments (a–g) each digit lights. */
const SEGMENTS: Record<string, string> = {
  '0': 'abcdef',
  '1': 'bc',
  '2': 'abged',
  '3': 'abgcd',
  '4': 'fgbc',
  '5': 'afgcd',
  '6': 'afgedc',
  '7': 'abc',
  '8': 'abcdefg',
  '9': 'abcdfg',
};

/** A formatter of `'YY MM DD` per time zone, made once: making one costs more than the rest of a stamp. */
const stampFormats = new Map<string, Intl.DateTimeFormat>();

function stampFormat(timeZone: string): Intl.DateTimeFormat {
  let format = stampFormats.get(timeZone);
  if (!format) {
    const options = { year: '2-digit', month: '2-digit', day: '2-digit' } as const;
    try {
      format = new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
    } catch {
      // a zone this runtime does not know: UTC
      format = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', ...options });
    }
    // a few hundred zones at most
    stampFormats.set(timeZone, format);
  }
  return format;
}

/** `'YY MM DD` of the moment in the time zone, as a camera's date back prints it (UTC if the zone is unknown). */
export function stampText(at: Date, timeZone: string): string {
  const parts = stampFormat(timeZone).formatToParts(at);
  const part = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `'${part('year')} ${part('month')} ${part('day')}`;
}

/** The date stamp, digits `height` px tall in orange with a soft glow; answers its SVG and size. */
export function stampSvg(text: string, height: number) {
  const H = height;
  const W = H * 0.56;
  const t = H * 0.14;
  const g = t * 0.18;
  const hh = H / 2;
  const pad = t * 1.5;
  const shapes: string[] = [];
  let x = pad;
  for (const ch of text) {
    if (ch === "'") {
      shapes.push(rect(x, 0, t, H * 0.28));
      x += t * 2.2;
      continue;
    }
    if (ch === ' ') {
      x += W * 0.45;
      continue;
    }
    const on = SEGMENTS[ch] ?? '';
    const horiz = (y: number) => rect(x + t + g, y, W - 2 * t - 2 * g, t);
    const vert = (vx: number, y: number) => rect(vx, y + t / 2 + g, t, hh - t - 2 * g);
    const seg: Record<string, string> = {
      a: horiz(0),
      b: vert(x + W - t, 0),
      c: vert(x + W - t, hh),
      d: horiz(H - t),
      e: vert(x, hh),
      f: vert(x, 0),
      g: horiz(hh - t / 2),
    };
    for (const s of on) shapes.push(seg[s]!);
    x += W + t * 1.1;
  }
  const width = Math.ceil(x + pad);
  const fullHeight = Math.ceil(H + pad * 2);
  const body = shapes.join('');
  return {
    width,
    height: fullHeight,
    svg: svg(
      width,
      fullHeight,
      `<defs><filter id="glow" x="-20%" y="-20%" width="140%" height="140%">` +
        `<feGaussianBlur stdDeviation="${r1(t * 0.7)}"/></filter></defs>` +
        `<g transform="translate(${r1(pad)} ${r1(pad)}) skewX(-6)">` +
        `<g fill="#ff5a00" opacity="0.75" filter="url(#glow)">${body}</g>` +
        `<g fill="#ffa033">${body}</g></g>`,
    ),
  };
}

const WARM = ['#ff4d00', '#ff7a1a', '#ffb347', '#ff2e63', '#ffd27f', '#ff6a3d'];
const NEUTRAL = ['#ffffff', '#f2f2f2', '#e6e6e6'];

/**
 * One light leak: an SVG of its own size, to lay over the picture at `left`, `top` in screen blending;
 * `shape` is what the SVG draws (within the leak's box, as rounded in the SVG), for drawing it without
 * rendering the SVG.
 */
export interface Leak {
  left: number;
  top: number;
  width: number;
  height: number;
  svg: string;
  shape: LeakShape;
}

/**
 * A leak's ellipse on black: its colour's opacity falls linearly from `opacity[0]` at the centre to
 * `opacity[1]` at 45% of the way out and to nothing at its edge (the SVG's radial gradient).
 */
export interface LeakShape {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  rgb: [number, number, number];
  opacity: [number, number];
}

/**
 * One to three light leaks at the picture's edges (`w`×`h`), each drawn on black (which screen
 * blending leaves as it is) within its own box, clipped to the picture, so only the part of the
 * picture it touches is blended. Where, how big, which colour and how strong all come from `random`:
 * the same photo always gets the same leaks.
 */
export function leaks(w: number, h: number, random: () => number, monochrome: boolean): Leak[] {
  const palette = monochrome ? NEUTRAL : WARM;
  const n = 1 + Math.floor(random() * 3);
  const short = Math.min(w, h);
  const out: Leak[] = [];
  for (let i = 0; i < n; i++) {
    const edge = random();
    const along = random();
    // left and right edges most often, as light enters beside the film gate
    const [cx, cy] =
      edge < 0.4
        ? [0, along * h]
        : edge < 0.8
          ? [w, along * h]
          : edge < 0.9
            ? [along * w, 0]
            : [along * w, h];
    const rx = short * (0.35 + random() * 0.55);
    const ry = rx * (0.8 + random() * 1.2);
    const colour = palette[Math.floor(random() * palette.length)]!;
    const strength = (monochrome ? 0.3 : 0.5) + random() * 0.45;
    const left = Math.max(0, Math.floor(cx - rx));
    const top = Math.max(0, Math.floor(cy - ry));
    const width = Math.min(w, Math.ceil(cx + rx)) - left;
    const height = Math.min(h, Math.ceil(cy + ry)) - top;
    if (width < 1 || height < 1) continue;
    const shape: LeakShape = {
      cx: r1(cx - left),
      cy: r1(cy - top),
      rx: r1(rx),
      ry: r1(ry),
      rgb: [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)) as LeakShape['rgb'],
      opacity: [r1(strength * 100) / 100, r1(strength * 45) / 100],
    };
    out.push({
      left,
      top,
      width,
      height,
      shape,
      svg: svg(
        width,
        height,
        `<defs><radialGradient id="l"><stop offset="0" stop-color="${colour}" stop-opacity="${shape.opacity[0]}"/>` +
          `<stop offset="0.45" stop-color="${colour}" stop-opacity="${shape.opacity[1]}"/>` +
          `<stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient></defs>` +
          `<rect width="${width}" height="${height}"/>` +
          `<ellipse cx="${shape.cx}" cy="${shape.cy}" rx="${shape.rx}" ry="${shape.ry}" fill="url(#l)"/>`,
      ),
    });
  }
  return out;
}
