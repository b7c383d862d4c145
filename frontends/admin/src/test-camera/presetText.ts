import type { ShotOption } from '@afterglow/contracts';
import { msg, type MessageDescriptor } from '@afterglow/ui';
import type { TestPreset } from './settings';

// The contracts' names of the presets and roll sizes (FILM_PRESET_INFO, SHOT_LABELS), as messages
// each language translates: the same English the guests and hosts read.

export const PRESET_TEXT: Record<TestPreset, { name: MessageDescriptor; description: MessageDescriptor }> = {
  classic: {
    name: msg('preset.classic.name', 'Classic Film'),
    description: msg('preset.classic.description', 'Warm, timeless look with subtle grain'),
  },
  warm200: {
    name: msg('preset.warm200.name', 'Warm 200'),
    description: msg('preset.warm200.description', 'Golden hour warmth with rich shadows'),
  },
  cool400: {
    name: msg('preset.cool400.name', 'Cool 400'),
    description: msg('preset.cool400.description', 'Crisp, clean tones with enhanced blues'),
  },
  blackwhite: {
    name: msg('preset.blackwhite.name', 'Black & White'),
    description: msg('preset.blackwhite.description', 'Dramatic monochrome with high contrast'),
  },
};

/** A roll size in the Max shots select: '24 shots (Classic)'. */
export const SHOT_TEXT: Record<ShotOption, MessageDescriptor> = {
  12: msg('settings.shots12', '12 shots (Half roll)'),
  24: msg('settings.shots24', '24 shots (Classic)'),
  36: msg('settings.shots36', '36 shots (Full roll)'),
};
