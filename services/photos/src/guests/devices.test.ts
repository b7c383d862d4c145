import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PLAN_MESSAGES } from '@afterglow/contracts';
import { useWorld } from '../test-support/world';

describe('guests joining an event (PGlite)', () => {
  const w = useWorld();

  it('gives a new guest a device with a full roll, and the same browser its device back', async () => {
    const e = w.event({ maxShotsPerDevice: 24 });
    const anonId = randomUUID();
    const first = await w.app.guests.join(e.code.toLowerCase(), anonId, 'Ann', []);
    expect(first.created).toBe(true);
    expect(w.app.guests.toDto(first.device, e)).toMatchObject({
      eventId: e.id,
      anonId,
      displayName: 'Ann',
      shotsTaken: 0,
      shotsRemaining: 24,
    });
    const again = await w.app.guests.join(e.code, anonId, null, [first.device.id]);
    expect(again).toMatchObject({ created: false, device: { id: first.device.id, displayName: 'Ann' } });
    const renamed = await w.app.guests.join(e.code, anonId, 'Annie', [first.device.id]);
    expect(renamed.device.displayName).toBe('Annie');
    // the same anonId from a browser without the device's cookie is another guest
    const other = await w.app.guests.join(e.code, anonId, null, []);
    expect(other.created).toBe(true);
    expect(other.device.id).not.toBe(first.device.id);
    expect(await w.app.guests.device(first.device.id)).toMatchObject({ displayName: 'Annie' });
    expect(await w.app.guests.device(randomUUID())).toBeNull();
  });

  it("keeps to the plan's guest limit, and knows no unknown event", async () => {
    const e = w.event({ maxGuests: 2 });
    await w.app.guests.join(e.code, randomUUID(), null, []);
    const second = await w.app.guests.join(e.code, randomUUID(), null, []);
    await expect(w.app.guests.join(e.code, randomUUID(), null, [])).rejects.toMatchObject({
      status: 403,
      code: 'guest_limit_reached',
      message: PLAN_MESSAGES.guestLimit,
    });
    // a guest already in keeps their device
    const back = await w.app.guests.join(e.code, second.device.anonId, null, [second.device.id]);
    expect(back.created).toBe(false);
    await expect(w.app.guests.join('ZZZZZZ', randomUUID(), null, [])).rejects.toMatchObject({
      status: 404,
      code: 'event_not_found',
      message: 'Event not found',
    });
  });
});
