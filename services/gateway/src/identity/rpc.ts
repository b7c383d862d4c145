import { answer, type Bus, type Subscription } from '@afterglow/bus';
import { identitySuspend } from '@afterglow/contracts';
import type { Users } from './users';

/**
 * What identity answers the other services over the bus: an admin's suspension or reinstatement
 * of an account (asked by the admin service, which has checked the caller is an admin).
 */
export async function answerIdentity(bus: Bus, users: Users): Promise<Subscription> {
  return answer(bus, identitySuspend, async ({ userId, suspended }) => {
    const u = await users.setSuspended(userId, suspended);
    return {
      user: u && {
        id: u.id,
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        isSuspended: u.isSuspended,
        createdAt: u.createdAt.toISOString(),
      },
    };
  });
}
