import { describe, expect, it } from 'vitest';
import { createEventSchema } from './events';

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Anna & Ben’s Wedding',
  startsAt: new Date(Date.now() + 60_000).toISOString(),
  endsAt: new Date(Date.now() + 4 * 3600_000).toISOString(),
  ...over,
});

describe('event dates', () => {
  it('accepts dates an event can have', () => {
    expect(createEventSchema.safeParse(body()).success).toBe(true);
  });

  it.each(['+275760-09-13T00:00:00.000Z', '3000-01-01T00:00:00.000Z', '1999-12-31T23:00:00.000Z', 'soon'])(
    'refuses %s as an end, with the form message',
    (endsAt) => {
      const r = createEventSchema.safeParse(body({ endsAt }));
      expect(r.success).toBe(false);
      expect(r.error!.issues.map((i) => i.message)).toContain('Enter a valid date and time');
    },
  );

  it('refuses a reveal time the database could not store', () => {
    const r = createEventSchema.safeParse(
      body({ revealMode: 'live', revealAt: '+275760-09-13T00:00:00.000Z' }),
    );
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toContain('Enter a valid reveal date and time');
  });
});
