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
  const base = (mood && MOODS[mood as ColorMood]) || DEFAULT_THEME;
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

/** An event's pages wear its colours; leaving them gives the rest of the product its own back. */
export function useEventTheme(event: (Partial<Theme> & { colorMood?: string }) | null | undefined): void {
  useEffect(() => {
    if (event) applyTheme(event, event.colorMood);
  }, [event]);
  useEffect(() => resetTheme, []);
}
