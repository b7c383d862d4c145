import type { ColorMood, FilmPreset, ShotOption } from '@afterglow/contracts';
import { msg, type MessageDescriptor } from '@afterglow/ui';

// The names the contracts give the create form's options (SHOT_LABELS, FILM_PRESET_INFO, MOODS), as
// messages: the contracts keep the spec's English, the pages show these.

interface Named {
  name: MessageDescriptor;
  description: MessageDescriptor;
}

export const SHOT_LABEL: Record<ShotOption, MessageDescriptor> = {
  12: msg('shots.half', 'Half roll'),
  24: msg('shots.classic', 'Classic'),
  36: msg('shots.full', 'Full roll'),
};

export const FILM_PRESET_TEXT: Record<FilmPreset, Named> = {
  classic: {
    name: msg('film.classic', 'Classic Film'),
    description: msg('film.classicText', 'Warm, timeless look with subtle grain'),
  },
  warm200: {
    name: msg('film.warm200', 'Warm 200'),
    description: msg('film.warm200Text', 'Golden hour warmth with rich shadows'),
  },
  cool400: {
    name: msg('film.cool400', 'Cool 400'),
    description: msg('film.cool400Text', 'Crisp, clean tones with enhanced blues'),
  },
  bw: {
    name: msg('film.bw', 'Black & White'),
    description: msg('film.bwText', 'Dramatic monochrome with high contrast'),
  },
};

export const MOOD_TEXT: Record<ColorMood, Named> = {
  vintage: {
    name: msg('mood.vintage', 'Vintage'),
    description: msg('mood.vintageText', 'Warm pinks and golden film tones'),
  },
  ocean: {
    name: msg('mood.ocean', 'Ocean'),
    description: msg('mood.oceanText', 'Cool blues and sea-glass greens'),
  },
  sunset: {
    name: msg('mood.sunset', 'Sunset'),
    description: msg('mood.sunsetText', 'Glowing oranges fading into rose'),
  },
  forest: {
    name: msg('mood.forest', 'Forest'),
    description: msg('mood.forestText', 'Deep greens and earthy ambers'),
  },
  lavender: {
    name: msg('mood.lavender', 'Lavender'),
    description: msg('mood.lavenderText', 'Soft purples and gentle lilacs'),
  },
  monochrome: {
    name: msg('mood.monochrome', 'Monochrome'),
    description: msg('mood.monochromeText', 'Timeless black, white and grey'),
  },
};
