import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropCameraAhead, hasCameraAhead, openCameraAhead } from './useCamera';

/** A camera's stream as the page sees it: tracks that can be stopped. */
function fakeStream() {
  const track = { stopped: false, stop: () => (track.stopped = true), getSettings: () => ({}) };
  return { track, stream: { getTracks: () => [track], getVideoTracks: () => [track] } };
}

describe('a camera opened ahead of its page (the join page’s tap)', () => {
  let opened: ReturnType<typeof fakeStream>[];
  let asked: unknown[];

  beforeEach(() => {
    vi.useFakeTimers();
    opened = [];
    asked = [];
    vi.stubGlobal('navigator', {
      mediaDevices: {
        getUserMedia: (constraints: unknown) => {
          asked.push(constraints);
          const s = fakeStream();
          opened.push(s);
          return Promise.resolve(s.stream);
        },
      },
    });
  });
  afterEach(() => {
    dropCameraAhead();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks for the rear camera once, however often the guest taps', () => {
    openCameraAhead();
    openCameraAhead();
    expect(hasCameraAhead()).toBe(true);
    expect(asked).toEqual([
      expect.objectContaining({
        audio: false,
        video: expect.objectContaining({ facingMode: { ideal: 'environment' } }),
      }),
    ]);
  });

  it('lets the camera go when no page takes it: dropped, or after 15 s', async () => {
    openCameraAhead();
    dropCameraAhead();
    expect(hasCameraAhead()).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(opened[0]!.track.stopped).toBe(true);

    openCameraAhead();
    await vi.advanceTimersByTimeAsync(14_000);
    expect(opened[1]!.track.stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(hasCameraAhead()).toBe(false);
    expect(opened[1]!.track.stopped).toBe(true);
  });

  it('opens nothing where the page has no in-app camera (plain http)', () => {
    vi.stubGlobal('navigator', {});
    openCameraAhead();
    expect(hasCameraAhead()).toBe(false);
  });

  it('a refused camera is let go quietly (the camera page reports it when it takes the opening)', async () => {
    vi.stubGlobal('navigator', {
      mediaDevices: { getUserMedia: () => Promise.reject(new Error('NotAllowedError')) },
    });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    openCameraAhead();
    dropCameraAhead();
    await vi.advanceTimersByTimeAsync(0);
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
