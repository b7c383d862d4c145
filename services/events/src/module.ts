import { answer } from '@afterglow/bus';
import { RPC, eventsDelete } from '@afterglow/contracts';
import type { ServiceModule } from '@afterglow/service-kit';
import { EventsApp } from './app/events';
import { eventsRouter } from './http/routes';

export const eventsModule: ServiceModule = {
  name: 'events',
  deps: ['billing'],
  async start(ctx) {
    await ctx.database.migrate('events');
    const app = new EventsApp(ctx.database.db, ctx.bus);
    const rpc = await ctx.bus.reply<{ idOrCode: string }, unknown>(RPC.eventsGet, async ({ idOrCode }) =>
      app.get(String(idOrCode)),
    );
    // the admin service's deletions (the admin is checked there, from the signed principal)
    const deletions = await answer(ctx.bus, eventsDelete, async ({ eventId, deletedBy, reason }) => {
      await app.delete(eventId, deletedBy, reason);
      return { deleted: true as const };
    });
    return {
      router: eventsRouter(app, ctx.secret, ctx.origins),
      async stop() {
        await rpc.stop();
        await deletions.stop();
      },
    };
  },
};
