import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET } from '@afterglow/contracts';
import { newEventCode, newSlug, normalizeCode } from './codes';

describe('event codes', () => {
  it('draws 6 upper-case characters with no look-alikes', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const c = newEventCode();
      expect(c).toMatch(/^[A-Z2-9]{6}$/);
      expect(c).not.toMatch(/[01OIL]/);
      seen.add(c);
    }
    expect(seen.size).toBeGreaterThan(1990);
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it('normalizes what people type and rejects what cannot be a code', () => {
    expect(normalizeCode(' ab c2d3 ')).toBe('ABC2D3');
    expect(normalizeCode('abc')).toBeNull();
    expect(normalizeCode('ABCDEFG')).toBeNull();
    expect(normalizeCode('AB-CD3')).toBeNull();
  });

  it('makes readable, unique slugs', () => {
    expect(newSlug('Anna & Ben’s Wedding!')).toMatch(/^anna-ben-s-wedding-[a-z0-9]{6}$/);
    expect(newSlug('Café Noël')).toMatch(/^cafe-noel-[a-z0-9]{6}$/);
    expect(newSlug('🎉🎉')).toMatch(/^event-[a-z0-9]{6}$/);
    expect(newSlug('x')).not.toBe(newSlug('x'));
  });
});
