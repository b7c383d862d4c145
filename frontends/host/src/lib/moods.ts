import { MOODS, type ColorMood } from '@afterglow/contracts';
import { applyMood, clearMood } from '@afterglow/ui';

/** Applies a mood to the whole interface: primary, accent and background together. */
export function previewMood(mood: ColorMood): void {
  applyMood({ ...MOODS[mood], colorMood: mood });
}

/** Restores the default theme and background. */
export const clearMoodPreview = clearMood;
