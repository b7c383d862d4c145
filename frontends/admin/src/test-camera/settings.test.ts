import { describe, expect, it } from 'vitest';
import { FILM_LOOKS, FILM_PRESET_INFO, filmCssFilter } from '@afterglow/contracts';
import { TEST_PRESETS, isTestPreset, presetFilter, presetInfo, presetLook } from './settings';

describe('the camera test page’s presets', () => {
  it('are the contracts’ presets, with bw spelled blackwhite (spec section 3)', () => {
    expect(TEST_PRESETS).toEqual(['classic', 'warm200', 'cool400', 'blackwhite']);
    expect(isTestPreset('blackwhite')).toBe(true);
    expect(isTestPreset('bw')).toBe(false);
  });

  it('take their names and looks from the contracts, the guest camera’s own', () => {
    expect(presetInfo('blackwhite')).toBe(FILM_PRESET_INFO.bw);
    expect(presetLook('blackwhite')).toBe(FILM_LOOKS.bw);
    expect(presetLook('classic')).toBe(FILM_LOOKS.classic);
    expect(presetFilter('classic')).toBe(filmCssFilter(FILM_LOOKS.classic));
    expect(presetFilter('classic')).toContain('sepia(0.22)');
  });
});
