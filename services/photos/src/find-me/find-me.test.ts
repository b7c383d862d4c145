import { describe, expect, it } from 'vitest';
import { HttpError, type EventRecord } from '@afterglow/contracts';
import { FaceModelError } from '@afterglow/faces';
import type { Db, OutboxRelay } from '@afterglow/db';
import type { EventsClient } from '../app/events-client';
import type { PhotoView } from '../app/photo-view';
import type { Device } from '../guests';
import { FindMe, type Describe } from './find-me';

/** What the guest is told when the selfie cannot be used, before any face is compared. */
describe('a selfie Find Me cannot use', () => {
  const event = { id: 'e1', code: 'ABCDEF', findMe: true } as EventRecord;
  const device = { id: 'd1', eventId: 'e1' } as Device;
  const findMe = (describe: Describe) =>
    new FindMe(
      {
        db: {} as Db,
        events: { getOr404: async () => event } as unknown as EventsClient,
        relay: {} as OutboxRelay,
        threshold: 0.45,
        describe,
      },
      {} as PhotoView,
    );
  const refusal = (describe: Describe) =>
    findMe(describe)
      .search('ABCDEF', device, Buffer.from('selfie'))
      .then(
        () => null,
        (err: unknown) => (err instanceof HttpError ? { status: err.status, code: err.code } : err),
      );

  it('holds no face: 422 no_face', async () => {
    expect(await refusal(async () => [])).toEqual({ status: 422, code: 'no_face' });
  });

  it('is no picture the models can read: 422 bad_selfie, in our words only', async () => {
    const r = await findMe(async () => {
      throw new Error('Input buffer contains unsupported image format: selfie bytes…');
    })
      .search('ABCDEF', device, Buffer.from('selfie'))
      .catch((e: unknown) => e);
    expect(r).toBeInstanceOf(HttpError);
    expect((r as HttpError).status).toBe(422);
    expect((r as HttpError).message).not.toMatch(/selfie bytes/);
  });

  it('meets the models failing (their worker, not the picture): 503, try again', async () => {
    expect(
      await refusal(async () => {
        throw new FaceModelError('the faces worker stopped (1)');
      }),
    ).toEqual({ status: 503, code: 'find_me_unavailable' });
  });
});
