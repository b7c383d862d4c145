import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETRY_BACKOFF_MS, UPLOAD_TIMEOUT_MS, retryDelay, sendPhoto, type PhotoUpload } from './upload';

const photo: PhotoUpload = {
  photo: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }),
  eventCode: 'AB CD2',
  deviceId: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  caption: '  the first dance ',
  uploadId: '0a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d',
};

const problem = (status: number, detail: string) =>
  new Response(JSON.stringify({ status, detail, error: detail }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });

function answer(res: Response | Error) {
  const fetch = vi.fn((_url: string, _init: RequestInit) =>
    res instanceof Error ? Promise.reject(res) : Promise.resolve(res),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('sending a photo', () => {
  it('posts it as multipart with its upload id and the caption trimmed', async () => {
    const fetch = answer(Response.json({ photoId: 'p', shotsRemaining: 7 }, { status: 201 }));
    expect(await sendPhoto(photo)).toEqual({ kind: 'stored', shotsRemaining: 7 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/events/AB%20CD2/photos');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    const form = init.body as FormData;
    expect(form.get('deviceId')).toBe(photo.deviceId);
    expect(form.get('uploadId')).toBe(photo.uploadId);
    expect(form.get('caption')).toBe('the first dance');
    expect((form.get('photo') as File).name).toBe('photo.jpg');
  });

  it('leaves out an empty caption, and counts a replay (200) as stored', async () => {
    const fetch = answer(Response.json({ photoId: 'p', shotsRemaining: 3 }));
    expect(await sendPhoto({ ...photo, caption: '   ' })).toEqual({ kind: 'stored', shotsRemaining: 3 });
    expect((fetch.mock.calls[0]![1].body as FormData).has('caption')).toBe(false);
  });

  it('takes a final refusal in the server’s words', async () => {
    answer(problem(403, 'No shots remaining'));
    expect(await sendPhoto(photo)).toEqual({ kind: 'refused', status: 403, message: 'No shots remaining' });
    answer(new Response('<html>Forbidden</html>', { status: 413 }));
    expect(await sendPhoto(photo)).toEqual({
      kind: 'refused',
      status: 413,
      message: 'Could not upload photo',
    });
  });

  it.each([500, 503, 408, 429])('keeps it for a later try when the server answers %i', async (status) => {
    answer(problem(status, 'Photo storage is busy right now.'));
    expect(await sendPhoto(photo)).toEqual({
      kind: 'retry',
      status,
      message: 'Photo storage is busy right now.',
    });
  });

  it('keeps it for a later try when offline', async () => {
    answer(new TypeError('Failed to fetch'));
    expect(await sendPhoto(photo)).toEqual({ kind: 'retry', message: 'Could not upload photo' });
  });

  it('gives up on a stalled request after the timeout, for a later try', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    vi.stubGlobal('fetch', fetch);
    const sent = sendPhoto(photo);
    await vi.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS - 1);
    expect(fetch.mock.calls[0]![1].signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await sent).toEqual({ kind: 'retry', message: 'Could not upload photo' });
  });
});

describe('the wait before trying again', () => {
  it('grows with each try and stays at the longest', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(retryDelay)).toEqual([...RETRY_BACKOFF_MS, 60_000, 60_000]);
  });
});
