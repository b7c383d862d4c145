import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE_PREFIX } from '@afterglow/contracts';
import { useWorld } from '../test-support/world';

describe('proving a device by its cookie (PGlite)', () => {
  const w = useWorld();
  const secret = Buffer.from('a test secret of the process, 32+ bytes long');

  it('proves the device whose cookie the browser holds, and no other', async () => {
    const e = w.event({ endsAt: new Date(Date.now() + 400 * 24 * 3600_000).toISOString() });
    const proof = w.app.guests.proof(secret);
    const mine = await w.device(e);
    const theirs = await w.device(e);
    const cookie = proof.cookie(mine.id, e);
    expect(cookie.name).toBe(`${DEVICE_COOKIE_PREFIX}${mine.id}`);
    expect(cookie.options).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/api' });
    // kept until 90 days after an event that ends beyond the usual 180 days
    expect(cookie.options.maxAge).toBeGreaterThan(489 * 24 * 3600_000);
    const header = `${cookie.name}=${cookie.value}; ${DEVICE_COOKIE_PREFIX}${theirs.id}=forged; other=1`;

    expect(proof.owned(header)).toEqual([mine.id]);
    expect(await proof.prove(header, mine.id)).toMatchObject({ id: mine.id });
    await expect(proof.prove(header, theirs.id)).rejects.toMatchObject({
      status: 403,
      code: 'device_not_yours',
    });
    await expect(proof.prove(undefined, mine.id)).rejects.toMatchObject({ status: 403 });
    await expect(proof.prove(header, 'not-a-uuid')).rejects.toMatchObject({
      status: 400,
      code: 'device_required',
    });
    // another secret's cookie proves nothing
    expect(w.app.guests.proof(Buffer.from('another secret')).owned(header)).toEqual([]);
    // a cookie for a device that is gone
    const gone = randomUUID();
    const stale = proof.cookie(gone, e);
    await expect(proof.prove(`${stale.name}=${stale.value}`, gone)).rejects.toMatchObject({
      status: 403,
      code: 'device_not_yours',
    });
  });
});
