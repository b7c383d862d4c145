import { photoProcessed } from '@afterglow/contracts';
import type { ServiceModule } from '@afterglow/service-kit';
import { EventsClient } from './app/events-client';
import { OutboxRelay } from './app/outbox';
import { PhotosApp } from './app/photos';
import { photosRouter } from './http/routes';

export const photosModule: ServiceModule = {
  name: 'photos',
  deps: ['events'],
  async start(ctx) {
    await ctx.database.migrate('photos');
    const events = new EventsClient(ctx.bus);
    await events.start();
    const relay = new OutboxRelay(ctx.database.db, ctx.bus, ctx.logger.child({ part: 'outbox' }));
    const app = new PhotosApp(ctx.database.db, ctx.bus, ctx.store, ctx.signer, events, relay);
    relay.start();
    const processed = await ctx.bus.consume(
      photoProcessed.subject,
      { durable: 'photos-record-renditions', maxDeliver: 10, concurrency: 4 },
      async (msg) => {
        const m = photoProcessed.schema.parse(msg.data);
        await app.recordProcessed(m);
      },
    );
    const counts = await ctx.bus.reply<{ eventId: string }, unknown>(
      'rpc.photos.counts',
      async ({ eventId }) => app.counts(String(eventId)),
    );
    return {
      router: photosRouter(app, ctx.secret, ctx.publicUrl),
      async stop() {
        await processed.stop();
        await counts.stop();
        await relay.stop();
        await events.stop();
      },
    };
  },
};
