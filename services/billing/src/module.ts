import { answer } from '@afterglow/bus';
import { billingEntitlements, userUpserted } from '@afterglow/contracts';
import type { ServiceModule } from '@afterglow/service-kit';
import { rememberAccount } from './app/accounts';
import { entitlementsOf, prepareBilling } from './app/plans';

/**
 * Billing: the plan table, which account is on which plan and until when, and the one answer to
 * "what may this account do" (`rpc.billing.entitlements`) that the other services ask over the bus.
 * Payments arrive with the checkout.
 */
export const billingModule: ServiceModule = {
  name: 'billing',
  deps: [],
  async start(ctx) {
    await prepareBilling(ctx.database);
    const db = ctx.database.db;
    const entitlements = await answer(ctx.bus, billingEntitlements, ({ accountId }) =>
      entitlementsOf(db, accountId),
    );
    const users = await ctx.bus.consume(
      userUpserted.subject,
      { durable: 'billing-accounts', maxDeliver: 10 },
      // a fact that does not parse is redelivered, then dead-lettered
      async (msg) => rememberAccount(db, userUpserted.schema.parse(msg.data)),
    );
    return {
      async stop() {
        await users.stop();
        await entitlements.stop();
      },
    };
  },
};
