import { describe, expect, it } from 'vitest';
import { CLIP_SECONDS_MAX, type PhotoDto } from '@afterglow/contracts';
import {
  CLIP_STALL_MARGIN_MS,
  cheapestClipPlan,
  clipClock,
  clipSeconds,
  clipStallMs,
  isClip,
  planClipSeconds,
  playableClip,
} from './clips';

const capture = (over: Partial<PhotoDto>) => ({ id: 'a', ...over }) as PhotoDto;

describe("a clip as the host's screens show it", () => {
  it('is a clip by its kind, and playable once its video is developed', () => {
    expect(isClip(capture({ kind: 'clip' }))).toBe(true);
    expect(isClip(capture({ kind: 'photo' }))).toBe(false);
    expect(isClip(capture({}))).toBe(false); // saved before kinds: a photo
    expect(playableClip(capture({ kind: 'clip', videoUrl: null }))).toBe(false);
    expect(playableClip(capture({ kind: 'clip', videoUrl: '/v.mp4' }))).toBe(true);
    expect(playableClip(capture({ kind: 'photo', videoUrl: '/v.mp4' }))).toBe(false);
  });

  it('shows its length as a player does, in whole seconds', () => {
    expect([7000, 6600, 10_400, 300, 65_000].map(clipClock)).toEqual([
      '0:07',
      '0:07',
      '0:10',
      '0:01',
      '1:05',
    ]);
    expect(clipClock(null)).toBeNull();
    expect(clipClock(undefined)).toBeNull();
    expect(clipSeconds(2400)).toBe(2);
  });

  it('holds a screen past its length only when it stalls', () => {
    expect(clipStallMs(7000)).toBe(7000 + CLIP_STALL_MARGIN_MS);
    expect(clipStallMs(null)).toBe(CLIP_SECONDS_MAX * 1000 + CLIP_STALL_MARGIN_MS);
  });

  it('comes with Event Basic and above, not with the free demo', () => {
    expect(planClipSeconds('free')).toBe(0);
    expect(planClipSeconds('basic')).toBe(10);
    expect(cheapestClipPlan()).toBe('basic');
  });
});
