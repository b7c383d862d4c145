import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, translator } from '@afterglow/ui';
import { findMeError, removeMe, searchMe } from './api';

const CODE = 'ABC123';
const DEVICE = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const selfie = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' });

/** fetch answering once. */
function answer(res: Response) {
  const fetch = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(res));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const err = (status: number, body: Record<string, unknown>) =>
  new ApiError(status, JSON.stringify({ status, ...body }), '');

afterEach(() => vi.unstubAllGlobals());

describe('Find Me requests', () => {
  it('search and removal send the device, the consent and the selfie as multipart, and nothing else', async () => {
    for (const [call, method] of [
      [searchMe, 'POST'],
      [removeMe, 'DELETE'],
    ] as const) {
      const fetch = answer(new Response(JSON.stringify({ photos: [], faces: 1 }), { status: 200 }));
      await call(CODE, DEVICE, selfie());
      const [url, init] = fetch.mock.calls[0]!;
      expect(url).toBe(`/api/events/${CODE}/find-me`);
      expect(init.method).toBe(method);
      expect(init.credentials).toBe('include');
      const form = init.body as FormData;
      const names: string[] = [];
      form.forEach((_v, name) => names.push(name));
      expect(names.sort()).toEqual(['consent', 'deviceId', 'selfie']);
      expect(form.get('consent')).toBe('true');
      expect(form.get('deviceId')).toBe(DEVICE);
      expect((form.get('selfie') as File).size).toBe(4);
    }
  });

  it('a refusal comes back as the server’s problem', async () => {
    answer(
      new Response(JSON.stringify({ status: 422, code: 'no_face', detail: 'x' }), {
        status: 422,
        headers: { 'content-type': 'application/problem+json' },
      }),
    );
    await expect(searchMe(CODE, DEVICE, selfie())).rejects.toMatchObject({ status: 422, code: 'no_face' });
  });
});

describe('findMeError', () => {
  const t = translator();
  it('a selfie without a face or unreadable: a new selfie is the way on', () => {
    expect(findMeError(t, err(422, { code: 'no_face', detail: 'x' }))).toEqual({
      text: 'We could not find a face in your selfie. Try again facing the camera, in good light.',
      retake: true,
      final: false,
    });
    expect(findMeError(t, err(422, { code: 'bad_selfie', detail: 'x' })).retake).toBe(true);
  });
  it('too many searches, or no connection: the same selfie may be tried again', () => {
    const limited = findMeError(t, err(429, { code: 'rate_limited', detail: 'x' }));
    expect(limited.text).toContain('wait a few minutes');
    expect(limited).toMatchObject({ retake: false, final: false });
    expect(findMeError(t, new TypeError('Failed to fetch')).text).toContain('Check your connection');
  });
  it('Find Me turned off meanwhile: nothing to try again', () => {
    expect(findMeError(t, err(403, { code: 'find_me_off', detail: 'x' }))).toMatchObject({ final: true });
  });
  it('another problem: the server’s words', () => {
    expect(findMeError(t, err(400, { detail: 'Something specific' })).text).toBe('Something specific');
  });
});
