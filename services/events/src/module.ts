import { answer } from '@afterglow/bus';
import { RPC, eventsDelete, paymentExtraPhotos } from '@afterglow/contracts';
import { OutboxRelay } from '@afterglow/db';
import type { ServiceModule } from '@afterglow/service-kit';
import { outbox } from './adapters/schema';
import { EventsApp } from './app/events';
import { EventLifecycle } from './app/lifecycle';
import { applyExtraPhotos } from './app/photo-addons';
import { MyEvents } from './app/my-events';
import { eventsRouter } from './http/routes';

export const eventsModule: ServiceModule = {
  name: 'events',
  deps: ['billing'],
  async start(ctx) {
    await ctx.database.migrate('events');
    const db = ctx.database.db;
    const relay = new OutboxRelay(db, outbox, ctx.bus, ctx.logger.child({ part: 'outbox' }));
    const app = new EventsApp(db, ctx.bus, relay);
    const lifecycle = new EventLifecycle(app);
    const mine = new MyEvents(db, ctx.bus, app.entitlementsOf);
    // by id or code, or by slug (the public gallery's address)
    const rpc = await ctx.bus.reply<{ idOrCode?: string; slug?: string }, unknown>(
      RPC.eventsGet,
      async ({ idOrCode, slug }) =>
        typeof slug === 'string' ? app.getBySlug(slug) : app.get(String(idOrCode)),
    );
    // the admin service's deletions (the admin is checked there, from the signed principal)
    const deletions = await answer(ctx.bus, eventsDelete, async ({ eventId, deletedBy, reason }) => {
      await app.delete(eventId, deletedBy, reason);
      return { deleted: true as const };
    });
    // Extra Photos bought or refunded (billing): the event's photo limit follows
    const addons = await ctx.bus.consume(
      paymentExtraPhotos.subject,
      { durable: 'events-extra-photos', maxDeliver: 10 },
      async (msg) => applyExtraPhotos(db, ctx.bus, paymentExtraPhotos.schema.parse(msg.data)),
    );
    return {
      router: eventsRouter(app, lifecycle, mine, ctx.secret, ctx.origins),
      afterStart() {
        // Facts left in the outbox go out once every consumer in this process listens (the in-memory
        // bus keeps nothing for a consumer that does not exist yet).
        relay.start();
      },
      async stop() {
        await addons.stop();
        await rpc.stop();
        await deletions.stop();
        await relay.stop();
      },
    };
  },
};
