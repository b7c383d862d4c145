import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COLOR_MOODS, MOODS } from '@afterglow/contracts';
import { applyMood, clearMood, MOOD_BACKGROUNDS, moodOf } from './theme';

/** The little of a document's inline styles the theme writes (no DOM library needed for that). */
class Style {
  private readonly props = new Map<string, string>();
  setProperty(k: string, v: string) {
    this.props.set(k, v);
  }
  getPropertyValue(k: string) {
    return this.props.get(k) ?? '';
  }
  removeProperty(k: string) {
    this.props.delete(k);
  }
  get background() {
    return this.getPropertyValue('background');
  }
  set background(v: string) {
    this.setProperty('background', v);
  }
}
beforeAll(() => {
  (globalThis as { document?: unknown }).document = {
    documentElement: { style: new Style() },
    body: { style: new Style() },
  };
});

const cssVar = (name: string) => document.documentElement.style.getPropertyValue(name);

describe('event themes: every mood, and the fallbacks of spec section 3', () => {
  afterEach(() => clearMood());

  it.each(COLOR_MOODS)('%s sets its primary, accent and background together', (mood) => {
    applyMood({ colorMood: mood });
    expect(cssVar('--ag-primary')).toBe(MOODS[mood].primaryColor);
    expect(cssVar('--ag-accent')).toBe(MOODS[mood].accentColor);
    expect(document.body.style.background).toContain(MOOD_BACKGROUNDS[mood].slice(0, 30));
  });

  it("keeps an event's own colours over its mood's", () => {
    applyMood({ colorMood: 'ocean', primaryColor: '#123456', accentColor: '#abcdef' });
    expect([cssVar('--ag-primary'), cssVar('--ag-accent')]).toEqual(['#123456', '#abcdef']);
  });

  it("falls back to the mood's default for a missing value, and to vintage for a missing or unknown mood", () => {
    applyMood({ colorMood: 'forest', accentColor: '#000000' });
    expect(cssVar('--ag-primary')).toBe(MOODS.forest.primaryColor);
    for (const colorMood of [undefined, null, 'neon', 'constructor']) {
      applyMood({ colorMood });
      expect(cssVar('--ag-primary')).toBe('#f472b6');
      expect(cssVar('--ag-accent')).toBe('#fbbf24');
      expect(moodOf(colorMood)).toBe('vintage');
    }
  });

  it("gives the product's own colours back", () => {
    applyMood({ colorMood: 'lavender' });
    clearMood();
    expect(cssVar('--ag-primary')).toBe(MOODS.vintage.primaryColor);
    expect(document.body.style.background).toBe('');
  });
});
