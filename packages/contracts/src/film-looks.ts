import type { FilmPreset } from './catalog';

/**
 * What each film preset does to colour, stated once (zod-free: the guest camera imports it). The
 * colour treatment is a list of CSS filter functions, so the viewfinder applies it as a CSS `filter`
 * and the media worker turns the same list into a colour matrix (the matrices of the Filter Effects
 * spec); `tint` is a colour multiplied over the picture (`mix-blend-mode: multiply` over the
 * viewfinder; in the worker, one more step of the same matrix).
 * Grain, the frame, the date stamp and light leaks are made only by the media worker.
 */
export type FilterFunction = 'sepia' | 'saturate' | 'grayscale' | 'contrast' | 'brightness' | 'hue-rotate';

export interface FilmLook {
  /** applied in order; amounts as in CSS (hue-rotate in degrees) */
  filter: readonly (readonly [FilterFunction, number])[];
  /** #rrggbb multiplied over at `tintOpacity`, or null */
  tint: string | null;
  tintOpacity: number;
  /** darkness of the corners, 0–1 */
  vignette: number;
  /** strength of the grain, 0–1 */
  grain: number;
}

export const FILM_LOOKS: Record<FilmPreset, FilmLook> = {
  classic: {
    filter: [
      ['sepia', 0.22],
      ['saturate', 1.1],
      ['contrast', 1.08],
      ['brightness', 1.06],
    ],
    tint: '#ffe2b8',
    tintOpacity: 0.6,
    vignette: 0.45,
    grain: 0.07,
  },
  warm200: {
    filter: [
      ['sepia', 0.18],
      ['saturate', 1.35],
      ['contrast', 1.16],
      ['hue-rotate', -6],
      ['brightness', 1.05],
    ],
    tint: '#ffc58a',
    tintOpacity: 0.55,
    vignette: 0.55,
    grain: 0.08,
  },
  cool400: {
    filter: [
      ['saturate', 1.2],
      ['contrast', 1.1],
      ['brightness', 1.1],
    ],
    tint: '#b8d4ff',
    tintOpacity: 0.6,
    vignette: 0.35,
    grain: 0.08,
  },
  bw: {
    filter: [
      ['grayscale', 1],
      ['contrast', 1.35],
      ['brightness', 1.04],
    ],
    tint: null,
    tintOpacity: 0,
    vignette: 0.6,
    grain: 0.11,
  },
};

/** The look of a preset; an unknown one (from a newer event) looks classic. */
export const filmLook = (preset: string): FilmLook => FILM_LOOKS[preset as FilmPreset] ?? FILM_LOOKS.classic;

/** The look's colour treatment as a CSS `filter` value. */
export const filmCssFilter = (look: FilmLook): string =>
  look.filter.map(([f, v]) => `${f}(${v}${f === 'hue-rotate' ? 'deg' : ''})`).join(' ');
