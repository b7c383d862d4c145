import type { FilmLook } from '@afterglow/contracts';

type Row = [number, number, number];
export type Matrix = [Row, Row, Row];

/** An affine colour map on 0–255 values: `matrix · rgb + offset`. */
export interface ColourMap {
  matrix: Matrix;
  offset: [number, number, number];
}

const mix = (a: number, m: Matrix): Matrix =>
  m.map((row, i) => row.map((v, j) => (1 - a) * (i === j ? 1 : 0) + a * v)) as Matrix;
const diag = (v: number): Matrix => [
  [v, 0, 0],
  [0, v, 0],
  [0, 0, v],
];
const LUMA: Row = [0.2126, 0.7152, 0.0722];
const SEPIA: Matrix = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
];

/** One CSS filter function as the Filter Effects spec defines it: a matrix and an offset (0–1 units). */
function step(name: FilmLook['filter'][number][0], v: number): { m: Matrix; o: number } {
  switch (name) {
    case 'sepia':
      return { m: mix(Math.min(1, v), SEPIA), o: 0 };
    case 'grayscale':
      return { m: mix(Math.min(1, v), [LUMA, LUMA, LUMA]), o: 0 };
    case 'saturate':
      return {
        m: [
          [0.213 + 0.787 * v, 0.715 - 0.715 * v, 0.072 - 0.072 * v],
          [0.213 - 0.213 * v, 0.715 + 0.285 * v, 0.072 - 0.072 * v],
          [0.213 - 0.213 * v, 0.715 - 0.715 * v, 0.072 + 0.928 * v],
        ],
        o: 0,
      };
    case 'hue-rotate': {
      const c = Math.cos((v * Math.PI) / 180);
      const s = Math.sin((v * Math.PI) / 180);
      return {
        m: [
          [0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928],
          [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.14, 0.072 - c * 0.072 - s * 0.283],
          [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072],
        ],
        o: 0,
      };
    }
    case 'brightness':
      return { m: diag(v), o: 0 };
    case 'contrast':
      return { m: diag(v), o: 0.5 - 0.5 * v };
  }
}

/** Multiplying a colour over at an opacity: a gain per channel. */
function tintStep(look: FilmLook): { m: Matrix; o: number } {
  const hex = look.tint?.slice(1) ?? 'ffffff';
  const a = look.tintOpacity;
  const [r, g, b] = [0, 2, 4].map((i) => 1 - a + (a * parseInt(hex.slice(i, i + 2), 16)) / 255);
  return {
    m: [
      [r!, 0, 0],
      [0, g!, 0],
      [0, 0, b!],
    ],
    o: 0,
  };
}

/**
 * A look's CSS filter functions and its tint folded into one affine map, so the media worker makes in
 * one step what the viewfinder shows (values clamp once at the end, not after each function).
 */
export function colourMap(look: FilmLook): ColourMap {
  let m = diag(1);
  let o: Row = [0, 0, 0];
  const steps = [...look.filter.map(([name, v]) => step(name, v)), tintStep(look)];
  for (const s of steps) {
    const next = s.m.map((row) =>
      [0, 1, 2].map((j) => row[0]! * m[0]![j]! + row[1]! * m[1]![j]! + row[2]! * m[2]![j]!),
    );
    o = s.m.map((row) => row[0]! * o[0] + row[1]! * o[1] + row[2]! * o[2] + s.o) as Row;
    m = next as Matrix;
  }
  return { matrix: m, offset: o.map((v) => v * 255) as Row };
}

/**
 * The map as three rows of four on values in 0–1 units (`r' = a·r + b·g + c·b + d`, the offset last):
 * the recombination sharp makes with an opaque alpha band, and ffmpeg's `colorchannelmixer` with an
 * opaque alpha channel, for photos and clips alike.
 */
export function colourRows(look: FilmLook): [number, number, number, number][] {
  const { matrix, offset } = colourMap(look);
  return matrix.map((row, i) => [row[0], row[1], row[2], offset[i]! / 255]);
}
