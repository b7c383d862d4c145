import { useEffect } from 'react';
import { MOODS, type ColorMood } from '@afterglow/contracts';

export interface Theme {
  primaryColor: string;
  accentColor: string;
  backgroundGradient?: string;
}

export const DEFAULT_THEME: Theme = MOODS.vintage;

function mix(hex: string, withHex: string, amount: number): string {
  const p = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const a = p(hex);
  const b = p(withHex);
  if (a.some(Number.isNaN) || b.some(Number.isNaN)) return hex;
  return `#${a
    .map((v, i) =>
      Math.round(v + (b[i]! - v) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * Applies a theme as CSS variables on the document. `--ag-primary-strong` and `--ag-primary-ink` are
 * darkened so white text on buttons and coloured text on white keep WCAG AA contrast.
 */
export function applyTheme(t: Partial<Theme> | null | undefined, mood?: string): void {
  const base = MOODS[moodOf(mood)];
  const primary = t?.primaryColor ?? base.primaryColor;
  const accent = t?.accentColor ?? base.accentColor;
  const root = document.documentElement.style;
  root.setProperty('--ag-primary', primary);
  root.setProperty('--ag-primary-strong', mix(primary, '#000000', 0.32));
  root.setProperty('--ag-primary-ink', mix(primary, '#000000', 0.5));
  root.setProperty('--ag-primary-soft', mix(primary, '#ffffff', 0.8));
  root.setProperty('--ag-accent', accent);
  root.setProperty('--ag-accent-soft', mix(accent, '#ffffff', 0.8));
}

export function resetTheme(): void {
  applyTheme(DEFAULT_THEME);
}

/**
 * The page background of each mood as CSS (the contracts carry it as Tailwind class names, which
 * are not compiled into the remotes). Vintage is the product's default background.
 */
export const MOOD_BACKGROUNDS: Record<ColorMood, string> = {
  vintage: 'linear-gradient(135deg, #fdf6ec 0%, #ffffff 50%, #fef3c7 100%)',
  ocean: 'linear-gradient(135deg, #f0f9ff 0%, #ffffff 50%, rgba(204, 251, 241, 0.6) 100%)',
  sunset: 'linear-gradient(135deg, #fff7ed 0%, #ffffff 50%, rgba(255, 228, 230, 0.7) 100%)',
  forest: 'linear-gradient(135deg, #f0fdf4 0%, #ffffff 50%, rgba(254, 243, 199, 0.7) 100%)',
  lavender: 'linear-gradient(135deg, #f5f3ff 0%, #ffffff 50%, rgba(252, 231, 243, 0.7) 100%)',
  monochrome: 'linear-gradient(135deg, #f5f5f5 0%, #ffffff 50%, rgba(229, 229, 229, 0.7) 100%)',
};

/** What of an event its theme is made from (every event answer carries these). */
export type EventThemeSource = Partial<Theme> & { colorMood?: string | null };

/** An event's colour mood, or vintage (the default) for one missing or unknown (spec section 3). */
export const moodOf = (colorMood: string | null | undefined): ColorMood =>
  colorMood && Object.hasOwn(MOODS, colorMood) ? (colorMood as ColorMood) : 'vintage';

/** Applies a mood (or an event's own colours) to the whole interface, background included. */
export function applyMood(t: EventThemeSource): void {
  const mood = moodOf(t.colorMood);
  applyTheme(t, mood);
  document.body.style.background = MOOD_BACKGROUNDS[mood];
}

/** Restores the product's own colours and background. */
export function clearMood(): void {
  resetTheme();
  document.body.style.removeProperty('background');
}

/**
 * An event's pages wear its theme while they are shown: colours at once when the event is known,
 * the product's own back when the page goes. `background: false` leaves the page background alone
 * (screens with a dark stage of their own).
 */
export function useEventTheme(event: EventThemeSource | null | undefined, background = true): void {
  const primary = event?.primaryColor;
  const accent = event?.accentColor;
  const mood = event?.colorMood;
  useEffect(() => {
    if (!primary && !mood) return;
    const t = { primaryColor: primary, accentColor: accent, colorMood: mood };
    if (background) applyMood(t);
    else applyTheme(t, mood ?? undefined);
  }, [primary, accent, mood, background]);
  useEffect(() => clearMood, []);
}
