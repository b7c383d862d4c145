import { ask, cachedAsk, type Bus } from '@afterglow/bus';
import {
  billingEntitlements,
  conflict,
  identitySuspend,
  notFound,
  type AdminUserState,
  type Entitlements,
  type Principal,
} from '@afterglow/contracts';
import type { AuditLog } from './audit';

/**
 * Admins suspend and reinstate accounts. The accounts are identity's (the gateway's users table)
 * and their plans billing's: both are asked over the bus.
 */
export class AdminUsers {
  /** an account's plan, as billing answers it (kept briefly) */
  private readonly entitlementsOf: (r: { accountId: string }) => Promise<Entitlements>;

  constructor(
    private readonly bus: Bus,
    private readonly audit: AuditLog,
  ) {
    this.entitlementsOf = cachedAsk(bus, billingEntitlements, { timeoutMs: 3000 });
  }

  async suspend(admin: Principal, userId: string, reason: string): Promise<AdminUserState> {
    if (userId === admin.userId) throw conflict('You cannot suspend your own account', 'cannot_suspend_self');
    return this.setSuspended(admin, userId, true, reason);
  }

  unsuspend(admin: Principal, userId: string): Promise<AdminUserState> {
    return this.setSuspended(admin, userId, false);
  }

  private async setSuspended(
    admin: Principal,
    userId: string,
    suspended: boolean,
    reason?: string,
  ): Promise<AdminUserState> {
    // the plan first: when billing cannot answer, the account is left as it was
    const { plan } = await this.entitlementsOf({ accountId: userId });
    const { user } = await ask(this.bus, identitySuspend, { userId, suspended });
    if (!user) throw notFound('User not found', 'user_not_found');
    await this.audit.record({
      by: admin.userId,
      action: suspended ? 'user.suspended' : 'user.unsuspended',
      targetId: userId,
      label: user.email,
      ...(reason ? { reason } : {}),
    });
    return { ...user, plan };
  }
}
