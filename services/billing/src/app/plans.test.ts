import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '@afterglow/contracts';
import { openDatabase, type Database } from '@afterglow/db';
import { rememberAccount, setPlanByEmail } from './accounts';
import { entitlementsOf, prepareBilling } from './plans';

describe('billing: plans and entitlements', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ url: 'pglite:memory', dataDir: tmpdir() });
    await prepareBilling(database);
  });
  afterAll(async () => {
    await database.close();
  });

  it("answers the free plan's entitlements for an account without a plan, and after a plan ends", async () => {
    const free = await entitlementsOf(database.db, 'someone-new');
    expect(free).toEqual({
      accountId: 'someone-new',
      plan: 'free',
      since: null,
      until: null,
      photosPerEvent: PLANS.free.maxPhotosPerEvent,
      guestsPerEvent: PLANS.free.maxGuestsPerEvent,
      eventsPerPlan: PLANS.free.maxEvents,
      hostingDays: PLANS.free.hostingDays,
      storageMb: PLANS.free.storageMb,
      watermark: true,
      zipExport: false,
      publicGallery: false,
      qrKit: false,
      liveSlideshow: true,
      aiFilter: false,
      clipSeconds: 0,
      voiceGuestbook: false,
      findMe: false,
    });

    await rememberAccount(database.db, { id: 'pro-host', email: 'pro@example.test' });
    const until = new Date(Date.now() + 60_000);
    expect(await setPlanByEmail(database.db, 'pro@example.test', 'pro', until)).toBe(1);
    const pro = await entitlementsOf(database.db, 'pro-host');
    expect(pro).toMatchObject({
      plan: 'pro',
      until: until.toISOString(),
      photosPerEvent: 2000,
      storageMb: PLANS.pro.storageMb,
      qrKit: true,
      voiceGuestbook: true,
      findMe: true,
    });
    expect(pro.guestsPerEvent).toBeNull();
    expect(pro.publicGallery).toBe(true);
    const later = new Date(until.getTime() + 1);
    expect(await entitlementsOf(database.db, 'pro-host', later)).toMatchObject({ plan: 'free', until: null });
  });

  it('knows an account by its latest e-mail, and no account it has not heard of', async () => {
    await rememberAccount(database.db, { id: 'mover', email: 'old@example.test' });
    await rememberAccount(database.db, { id: 'mover', email: 'new@example.test' });
    expect(await setPlanByEmail(database.db, 'old@example.test', 'max')).toBe(0);
    expect(await setPlanByEmail(database.db, 'New@Example.test', 'max')).toBe(1);
    expect(await setPlanByEmail(database.db, 'never@example.test', 'max')).toBe(0);
  });
});
