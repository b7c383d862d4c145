import { describe, expect, it } from 'vitest';
import { CLIP_SECONDS_MAX, type PhotoDto } from '@afterglow/contracts';
import { CLIP_STALL_MARGIN_MS } from '../../lib/clips';
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

  it('gives a photo the screen for its interval, and a clip until it ends, never cutting it short', async () => {
    const photo = answer({ kind: 'photo', displayUrl: '/d' });
    expect(rendererOf(photo).holdMs(photo)).toBeNull();
    // a clip moves the screen on itself (onEnded); the screen waits past its length only if it stalls
    const clip = answer({ kind: 'clip', displayUrl: '/poster', durationMs: 7000 });
    expect(rendererOf(clip).holdMs(clip)).toBe(7000 + CLIP_STALL_MARGIN_MS);
    // a length not known: the longest a clip may be
    const unmeasured = answer({ kind: 'clip', displayUrl: '/poster', durationMs: null });
    expect(rendererOf(unmeasured).holdMs(unmeasured)).toBe(CLIP_SECONDS_MAX * 1000 + CLIP_STALL_MARGIN_MS);
    // a clip not developed yet never goes on screen, even with its poster
    await expect(rendererOf(clip).preload(clip)).rejects.toThrow();
  });
});
