import { describe, expect, it } from 'vitest';
import { resolveTargets } from './modules';

describe('launcher targets', () => {
  it('starts every module in dependency order for all', () => {
    const names = resolveTargets('all').map((m) => m.name);
    expect(names.indexOf('billing')).toBeLessThan(names.indexOf('events'));
    expect(names.indexOf('events')).toBeLessThan(names.indexOf('photos'));
    expect(names.indexOf('photos')).toBeLessThan(names.indexOf('gateway'));
    expect(names.at(-1)).toBe('gateway');
    expect(names.indexOf('admin')).toBeLessThan(names.indexOf('gateway'));
    expect(new Set(names).size).toBe(8);
  });
  it('starts only the named modules', () => {
    expect(resolveTargets('photos, events').map((m) => m.name)).toEqual(['events', 'photos']);
    expect(resolveTargets('media').map((m) => m.name)).toEqual(['media']);
    expect(resolveTargets('admin').map((m) => m.name)).toEqual(['admin']);
  });
  it('refuses unknown targets', () => {
    expect(() => resolveTargets('events,nope')).toThrow(/Unknown target "nope"/);
  });
});
