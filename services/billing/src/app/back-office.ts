import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type {
  RpcRequest,
  RpcResponse,
  billingPlans,
  billingPremium,
  billingStats,
} from '@afterglow/contracts';
import { PREMIUM_IDS_MAX } from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import { accountPlans, payments } from '../adapters/schema';

/** A plan row in effect at `now`: it has no end, or ends later. */
const inEffect = (now: Date) => or(isNull(accountPlans.until), gt(accountPlans.until, now));

/** What the back office asks of billing over the bus (ADR 028): plans, paying accounts, revenue. */
export class BillingBackOffice {
  constructor(private readonly db: Db) {}

  /** Each account's plan now (the free plan when it has none, or it ended). */
  async plans({ accountIds }: RpcRequest<typeof billingPlans>): Promise<RpcResponse<typeof billingPlans>> {
    const rows = accountIds.length
      ? await this.db
          .select({ userId: accountPlans.userId, plan: accountPlans.plan })
          .from(accountPlans)
          .where(and(inArray(accountPlans.userId, accountIds), inEffect(new Date())))
      : [];
    const of = new Map(rows.map((r) => [r.userId, r.plan]));
    return { plans: accountIds.map((accountId) => ({ accountId, plan: of.get(accountId) ?? 'free' })) };
  }

  /** The accounts on a paid plan now (the Premium filter). */
  async premium(_: RpcRequest<typeof billingPremium>): Promise<RpcResponse<typeof billingPremium>> {
    const rows = await this.db
      .select({ userId: accountPlans.userId })
      .from(accountPlans)
      .where(and(ne(accountPlans.plan, 'free'), inEffect(new Date())))
      .limit(PREMIUM_IDS_MAX);
    return { accountIds: rows.map((r) => r.userId) };
  }

  /** Revenue: what succeeded and was not refunded (test-mode payments included, as they are what ran). */
  async stats(_: RpcRequest<typeof billingStats>): Promise<RpcResponse<typeof billingStats>> {
    const [c] = await this.db
      .select({ cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)::bigint` })
      .from(payments)
      .where(eq(payments.status, 'succeeded'));
    return { revenueCents: Number(c?.cents ?? 0) };
  }
}
