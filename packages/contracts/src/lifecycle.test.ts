import { describe, expect, it } from 'vitest';
import { eventStatus, extendRefusal, latestEnd, revealAfterMove } from './lifecycle';
import { extendEventSchema } from './lifecycle';
import { storagePercent } from './user';

const H = 3600_000;
const now = Date.parse('2030-06-01T12:00:00.000Z');
const at = (ms: number) => new Date(now + ms).toISOString();

describe('event lifecycle rules', () => {
  it('is upcoming before its start, active until its end, then ended', () => {
    const e = { startsAt: at(H), endsAt: at(2 * H) };
    expect(eventStatus(e, now)).toBe('upcoming');
    expect(eventStatus(e, now + H)).toBe('active');
    expect(eventStatus(e, now + 2 * H - 1)).toBe('active');
    expect(eventStatus(e, now + 2 * H)).toBe('ended');
  });

  it("counts the plan's hosting days from the event's start", () => {
    expect(latestEnd(at(0), 7).toISOString()).toBe(at(7 * 24 * H));
  });

  it('extends only later, into the future and within the hosting days', () => {
    const e = { startsAt: at(-H), endsAt: at(H) };
    expect(extendRefusal(e, at(H), 7, now)).toBe('End date must be after the current end date');
    expect(extendRefusal(e, at(30 * 60_000), 7, now)).toBe('End date must be after the current end date');
    expect(extendRefusal(e, at(7 * 24 * H), 7, now)).toBe(
      "End date must be within your plan's 7-day hosting",
    );
    expect(extendRefusal(e, at(7 * 24 * H - H), 7, now)).toBeNull();
    // an ended event reopens, but not into the past
    const ended = { startsAt: at(-3 * H), endsAt: at(-2 * H) };
    expect(extendRefusal(ended, at(-H), 7, now)).toBe('End date must be in the future');
    expect(extendRefusal(ended, at(H), 7, now)).toBeNull();
  });

  it('moves the reveal with the end only when it was at the end', () => {
    const end = at(H);
    expect(revealAfterMove({ endsAt: end, revealAt: end }, at(2 * H))).toBe(at(2 * H));
    expect(revealAfterMove({ endsAt: end, revealAt: at(0) }, at(2 * H))).toBe(at(0));
    expect(revealAfterMove({ endsAt: end, revealAt: null }, at(2 * H))).toBeNull();
  });

  it('reads the extend body with clear messages', () => {
    expect(extendEventSchema.safeParse({}).error?.issues[0]?.message).toBe('End date is required');
    expect(extendEventSchema.safeParse({ endsAt: 'soon' }).error?.issues[0]?.message).toBe(
      'Enter a valid date and time',
    );
    expect(extendEventSchema.parse({ endsAt: at(H) })).toEqual({ endsAt: at(H) });
  });

  it('shows storage as a whole percent of the limit', () => {
    expect(storagePercent(0, 500)).toBe(0);
    expect(storagePercent(12.34, 500)).toBe(2);
    expect(storagePercent(2.5, 1000)).toBe(0);
    expect(storagePercent(3, 0)).toBe(0);
  });
});
