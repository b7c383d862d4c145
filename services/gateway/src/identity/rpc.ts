import { answer, type Bus, type Subscription } from '@afterglow/bus';
import { identityStats, identitySuspend, identityUsers } from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import { IdentityBackOffice, account } from './back-office';
import type { Users } from './users';

/**
 * What identity answers the other services over the bus, all for the admin service (which has checked
 * the caller is an admin): suspending or reinstating an account, and the back office's account lists
 * and counts (ADR 028).
 */
export async function answerIdentity(bus: Bus, users: Users, db: Db): Promise<Subscription> {
  const office = new IdentityBackOffice(db);
  const subs = await Promise.all([
    answer(bus, identitySuspend, async ({ userId, suspended }) => {
      const u = await users.setSuspended(userId, suspended);
      // (the answer's schema leaves out isAdmin)
      return { user: u && account(u) };
    }),
    answer(bus, identityUsers, (q) => office.users(q)),
    answer(bus, identityStats, (q) => office.stats(q)),
  ]);
  return {
    async stop() {
      for (const s of subs) await s.stop();
    },
  };
}
