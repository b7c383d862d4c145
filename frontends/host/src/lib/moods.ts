import { MOODS, type ColorMood } from '@afterglow/contracts';
import { applyTheme, resetTheme } from '@afterglow/ui';

/**
 * The page background of each mood as CSS (the contracts carry it as Tailwind class names, which
 * are not compiled into this remote). Vintage is the product's default background.
 */
export const MOOD_BACKGROUNDS: Record<ColorMood, string> = {
  vintage: 'linear-gradient(135deg, #fdf6ec 0%, #ffffff 50%, #fef3c7 100%)',
  ocean: 'linear-gradient(135deg, #f0f9ff 0%, #ffffff 50%, rgba(204, 251, 241, 0.6) 100%)',
  sunset: 'linear-gradient(135deg, #fff7ed 0%, #ffffff 50%, rgba(255, 228, 230, 0.7) 100%)',
  forest: 'linear-gradient(135deg, #f0fdf4 0%, #ffffff 50%, rgba(254, 243, 199, 0.7) 100%)',
  lavender: 'linear-gradient(135deg, #f5f3ff 0%, #ffffff 50%, rgba(252, 231, 243, 0.7) 100%)',
  monochrome: 'linear-gradient(135deg, #f5f5f5 0%, #ffffff 50%, rgba(229, 229, 229, 0.7) 100%)',
};

/** Applies a mood to the whole interface: primary, accent and background together. */
export function previewMood(mood: ColorMood): void {
  applyTheme(MOODS[mood], mood);
  document.body.style.background = MOOD_BACKGROUNDS[mood];
}

/** Restores the default theme and background. */
export function clearMoodPreview(): void {
  resetTheme();
  document.body.style.removeProperty('background');
}
