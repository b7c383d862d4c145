import { answer } from '@afterglow/bus';
import {
  billingEntitlements,
  billingPlans,
  billingPremium,
  billingStats,
  userUpserted,
} from '@afterglow/contracts';
import { OutboxRelay } from '@afterglow/db';
import type { ServiceModule } from '@afterglow/service-kit';
import { outbox } from './adapters/schema';
import { rememberAccount } from './app/accounts';
import { BillingBackOffice } from './app/back-office';
import { Payments } from './app/payments';
import { entitlementsOf, prepareBilling } from './app/plans';
import { paymentProvider } from './app/provider';
import { billingRouter } from './http/routes';

/**
 * Billing: the plan table, which account is on which plan and until when, the one answer to "what may
 * this account do" (`rpc.billing.entitlements`) that the other services ask over the bus, and the
 * payments that change it (Stripe, or the offline test mode; ADR 024).
 */
export const billingModule: ServiceModule = {
  name: 'billing',
  deps: [],
  asks: ['events'],
  async start(ctx) {
    const provider = paymentProvider(ctx.config, ctx.secret);
    await prepareBilling(ctx.database);
    const db = ctx.database.db;
    const relay = new OutboxRelay(db, outbox, ctx.bus, ctx.logger.child({ part: 'outbox' }));
    const payments = new Payments(db, ctx.bus, relay, provider, ctx.publicUrl);
    if (provider.testMode) ctx.logger.info('payments in test mode: no Stripe keys, no card is charged');
    const entitlements = await answer(ctx.bus, billingEntitlements, ({ accountId }) =>
      entitlementsOf(db, accountId),
    );
    // the back office's questions (ADR 028): the admin service has checked the caller is an admin
    const office = new BillingBackOffice(db);
    const backOffice = await Promise.all([
      answer(ctx.bus, billingPlans, (q) => office.plans(q)),
      answer(ctx.bus, billingPremium, (q) => office.premium(q)),
      answer(ctx.bus, billingStats, (q) => office.stats(q)),
    ]);
    const users = await ctx.bus.consume(
      userUpserted.subject,
      { durable: 'billing-accounts', maxDeliver: 10 },
      // a fact that does not parse is redelivered, then dead-lettered
      async (msg) => rememberAccount(db, userUpserted.schema.parse(msg.data)),
    );
    return {
      router: billingRouter(payments, ctx.secret),
      afterStart() {
        relay.start();
      },
      async stop() {
        await relay.stop();
        await users.stop();
        await entitlements.stop();
        for (const s of backOffice) await s.stop();
      },
    };
  },
};
