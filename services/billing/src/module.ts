import { eq } from 'drizzle-orm';
import { PLANS, RPC, type PlanId, type PlanLimits } from '@afterglow/contracts';
import { BusRequestError } from '@afterglow/bus';
import type { ServiceModule } from '@afterglow/service-kit';
import { plans } from './adapters/schema';

/**
 * Billing, for now: the plan table (limits per plan) that the other services read over the bus.
 * Payments and entitlements arrive with the checkout.
 */
export const billingModule: ServiceModule = {
  name: 'billing',
  deps: [],
  async start(ctx) {
    await ctx.database.migrate('billing');
    const db = ctx.database.db;
    for (const p of Object.values(PLANS)) {
      const { id: _id, ...rest } = p;
      await db.insert(plans).values(p).onConflictDoUpdate({ target: plans.id, set: rest });
    }
    const toLimits = (r: typeof plans.$inferSelect): PlanLimits => ({ ...r, id: r.id as PlanId });
    const one = await ctx.bus.reply<{ planId: string }, PlanLimits>(RPC.billingPlan, async ({ planId }) => {
      const [r] = await db
        .select()
        .from(plans)
        .where(eq(plans.id, String(planId)));
      if (!r) throw new BusRequestError(`Unknown plan ${planId}`, 'unknown_plan', 404);
      return toLimits(r);
    });
    const all = await ctx.bus.reply<unknown, PlanLimits[]>(RPC.billingPlans, async () =>
      (await db.select().from(plans)).map(toLimits),
    );
    return {
      async stop() {
        await one.stop();
        await all.stop();
      },
    };
  },
};
