import { CODE_LENGTH, FILM_PRESET_INFO, SHOT_OPTIONS, type ShotOption } from '@afterglow/contracts';

/** The test page spells the black-and-white preset 'blackwhite' (spec section 3). */
export const TEST_PRESETS = ['classic', 'warm200', 'cool400', 'blackwhite'] as const;
export type TestPreset = (typeof TEST_PRESETS)[number];

export interface PresetLook {
  name: string;
  description: string;
  /** a CSS filter giving the live view and the preview the preset's look; the capture stays unedited */
  filter: string;
}

export const PRESET_LOOKS: Record<TestPreset, PresetLook> = {
  classic: { ...FILM_PRESET_INFO.classic, filter: 'sepia(0.2) contrast(1.05) saturate(1.1)' },
  warm200: {
    ...FILM_PRESET_INFO.warm200,
    filter: 'sepia(0.35) saturate(1.3) hue-rotate(-8deg) brightness(1.04)',
  },
  cool400: {
    ...FILM_PRESET_INFO.cool400,
    filter: 'saturate(1.1) hue-rotate(10deg) contrast(1.08) brightness(1.02)',
  },
  blackwhite: { ...FILM_PRESET_INFO.bw, filter: 'grayscale(1) contrast(1.3)' },
};

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
export const normalizeCode = (s: string) =>
  s
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, CODE_LENGTH);

export const JPEG_QUALITY = 0.8;
export const DEVELOPING_MS = 2500;

export const shotsText = (n: number) => `${n} ${n === 1 ? 'shot' : 'shots'} remaining`;
