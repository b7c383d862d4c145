import { describe, expect, it } from 'vitest';
import type { PhotoDto } from '@afterglow/contracts';
import { photoUrl, rendererOf } from './capture-renderers';

const answer = (over: Partial<PhotoDto>) =>
  ({ id: 'a', displayUrl: null, thumbUrl: null, ...over }) as PhotoDto;

describe('a venue screen renders a capture by its kind (ADR 030)', () => {
  it('draws a photo, and one saved before kinds (no kind) as a photo', () => {
    expect(rendererOf(answer({ kind: 'photo' }))).toBe(rendererOf(answer({})));
  });

  it('shows the display rendition, else the thumbnail, and never a photo with neither', async () => {
    expect(photoUrl(answer({ displayUrl: '/d', thumbUrl: '/t' }))).toBe('/d');
    expect(photoUrl(answer({ thumbUrl: '/t' }))).toBe('/t');
    const p = answer({ kind: 'photo' });
    await expect(rendererOf(p).preload(p)).rejects.toThrow();
  });
});
