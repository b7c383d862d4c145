import { MOODS, type PublicEvent } from '@afterglow/contracts';
import { MOOD_BACKGROUNDS, moodOf } from '@afterglow/ui';

type Themed = Pick<PublicEvent, 'colorMood' | 'primaryColor' | 'accentColor' | 'backgroundGradient'>;

/** `#rrggbb` at an opacity, as rgba() (any other value: the mood's colour). */
function rgba(hex: string, alpha: number, fallback: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex) ?? /^#(..)(..)(..)$/.exec(fallback)!;
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/**
 * The venue screen's backdrop: dark, so photos stand out in a dim room, lit from two corners by the
 * event's primary and accent colours.
 */
export function screenBackdrop(e: Themed | undefined): string {
  if (!e) return '#0a0a0a';
  const mood = MOODS[moodOf(e.colorMood)];
  return [
    `radial-gradient(120% 90% at 0% 0%, ${rgba(e.primaryColor, 0.38, mood.primaryColor)} 0%, transparent 60%)`,
    `radial-gradient(120% 90% at 100% 100%, ${rgba(e.accentColor, 0.3, mood.accentColor)} 0%, transparent 60%)`,
    '#0a0a0a',
  ].join(', ');
}

/** A CSS gradient typed into the event (no url(), nothing but colours, stops and angles). */
const CSS_GRADIENT = /^(linear|radial)-gradient\([#(),.%\w\s-]+\)$/;

/**
 * The event's light background gradient (its mood's, as the create form sets it; the contracts carry
 * it as Tailwind class names, which are not compiled here), for the caption card's paper.
 */
export function screenPaper(e: Themed): string {
  const g = e.backgroundGradient.trim();
  return CSS_GRADIENT.test(g) && !/url\(/i.test(g) ? g : MOOD_BACKGROUNDS[moodOf(e.colorMood)];
}
