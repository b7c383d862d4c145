import {
  FILM_LOOKS,
  FILM_PRESETS,
  FILM_PRESET_INFO,
  SHOT_OPTIONS,
  filmCssFilter,
  typedCode,
  type FilmLook,
  type FilmPreset,
  type ShotOption,
} from '@afterglow/contracts';
import type { Translate } from '@afterglow/ui';

/**
 * The test page's key for each film preset: it spells `bw` 'blackwhite' (spec section 3). The one
 * place the two spellings meet; everything else about a preset is the contracts' (its name and
 * description in FILM_PRESET_INFO, its look in film-looks.ts).
 */
const TEST_KEYS = {
  classic: 'classic',
  warm200: 'warm200',
  cool400: 'cool400',
  bw: 'blackwhite',
} as const satisfies Record<FilmPreset, string>;
export type TestPreset = (typeof TEST_KEYS)[FilmPreset];
export const TEST_PRESETS: readonly TestPreset[] = FILM_PRESETS.map((p) => TEST_KEYS[p]);
const PRESET_OF = Object.fromEntries(FILM_PRESETS.map((p) => [TEST_KEYS[p], p])) as Record<
  TestPreset,
  FilmPreset
>;

/** The preset's name and description, as hosts and guests read them. */
export const presetInfo = (key: TestPreset) => FILM_PRESET_INFO[PRESET_OF[key]];
/** The preset's film look, as the guest's viewfinder previews it and the media worker develops it. */
export const presetLook = (key: TestPreset): FilmLook => FILM_LOOKS[PRESET_OF[key]];
/** Its colour treatment as a CSS filter, for the preview and the saved photos (the capture stays unedited). */
export const presetFilter = (key: TestPreset): string => filmCssFilter(presetLook(key));

export interface TestSettings {
  eventName: string;
  eventCode: string;
  maxShots: ShotOption;
  filmPreset: TestPreset;
  filmMode: boolean;
  filmOverlay: boolean;
  /** the caption of the photo being previewed */
  caption: string;
}

export const DEFAULT_SETTINGS: TestSettings = {
  eventName: 'Test Event',
  eventCode: 'TEST01',
  maxShots: 24,
  filmPreset: 'classic',
  filmMode: true,
  filmOverlay: true,
  caption: '',
};

export const isShotOption = (n: number): n is ShotOption => (SHOT_OPTIONS as readonly number[]).includes(n);
export const isTestPreset = (s: string): s is TestPreset => (TEST_PRESETS as readonly string[]).includes(s);

/** Event codes are 6 characters, uppercase. */
export const normalizeCode = typedCode;

export const DEVELOPING_MS = 2500;

/** The toast after a capture: '23 shots remaining'. */
export const shotsText = (t: Translate, n: number) =>
  t('camera.shotsRemaining', '{count, plural, one {# shot remaining} other {# shots remaining}}', {
    count: n,
  });
