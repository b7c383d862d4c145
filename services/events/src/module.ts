import { Reveals } from './app/reveals';
import { answer } from '@afterglow/bus';
import {
  eventsByHost,
  eventsDelete,
  eventsGet,
  eventsList,
  eventsStats,
  paymentExtraPhotos,
} from '@afterglow/contracts';
import { OutboxRelay } from '@afterglow/db';
import type { ServiceModule } from '@afterglow/service-kit';
import { outbox } from './adapters/schema';
import { EventsBackOffice } from './app/back-office';
import { EventsApp } from './app/events';
import { EventLifecycle } from './app/lifecycle';
import { applyExtraPhotos } from './app/photo-addons';
import { MyEvents } from './app/my-events';
import { Retention } from './app/retention';
import { eventsRouter } from './http/routes';

const RETENTION_FIRST_PASS_MS = 60_000;
const RETENTION_INTERVAL_MS = 3600_000;
/** how often reveal times are looked at: a guest told of the reveal hears within seconds of it */
const REVEAL_INTERVAL_MS = 5000;

export const eventsModule: ServiceModule = {
  name: 'events',
  deps: ['billing'],
  asks: ['billing', 'photos'],
  async start(ctx) {
    await ctx.database.migrate('events');
    const db = ctx.database.db;
    const relay = new OutboxRelay(db, outbox, ctx.bus, ctx.logger.child({ part: 'outbox' }));
    const app = new EventsApp(db, ctx.bus, relay);
    const lifecycle = new EventLifecycle(app);
    const mine = new MyEvents(db, ctx.bus, app.entitlementsOf);
    // by id or code, or by slug (the public gallery's address)
    const gets = await answer(ctx.bus, eventsGet, (r) =>
      'slug' in r ? app.getBySlug(r.slug) : app.get(r.idOrCode),
    );
    // the admin service's deletions (the admin is checked there, from the signed principal)
    const deletions = await answer(ctx.bus, eventsDelete, async ({ eventId, deletedBy, reason }) => {
      await app.delete(eventId, deletedBy, reason);
      return { deleted: true as const };
    });
    // the back office's questions (ADR 028): the admin service has checked the caller is an admin
    const office = new EventsBackOffice(db);
    const backOffice = await Promise.all([
      answer(ctx.bus, eventsList, (q) => office.list(q)),
      answer(ctx.bus, eventsByHost, (q) => office.byHost(q)),
      answer(ctx.bus, eventsStats, (q) => office.stats(q)),
    ]);
    // Retention (ADR 026): a pass a minute after start, then every hour, on every replica (each event is
    // handled by one of them at a time).
    const retention = new Retention({
      db,
      entitlementsOf: app.entitlementsOf,
      written: () => relay.kick(),
      publicUrl: ctx.publicUrl,
    });
    const log = ctx.logger.child({ part: 'retention' });
    const pass = () =>
      void retention.run().then(
        (r) => (r.warned || r.deleted) && log.info(r, 'retention pass'),
        (err: unknown) => log.warn({ err }, 'retention pass failed; the next one tries again'),
      );
    let first: NodeJS.Timeout | undefined;
    let hourly: NodeJS.Timeout | undefined;
    // Reveals (ADR 035): every few seconds, each reveal time that has come is announced once
    const reveals = new Reveals({ db, written: () => relay.kick() });
    const revealLog = ctx.logger.child({ part: 'reveals' });
    let revealing: NodeJS.Timeout | undefined;
    const revealPass = () =>
      void reveals
        .run()
        .catch((err: unknown) => revealLog.warn({ err }, 'reveal pass failed; the next one tries again'));
    // Extra Photos bought or refunded (billing): the event's photo limit follows
    const addons = await ctx.bus.consume(
      paymentExtraPhotos.subject,
      { durable: 'events-extra-photos', maxDeliver: 10 },
      async (msg) => applyExtraPhotos(db, ctx.bus, paymentExtraPhotos.schema.parse(msg.data)),
    );
    return {
      router: eventsRouter(app, lifecycle, mine, ctx.secret, ctx.origins),
      retention,
      reveals,
      afterStart() {
        // Facts left in the outbox go out once every consumer in this process listens (the in-memory
        // bus keeps nothing for a consumer that does not exist yet).
        relay.start();
        first = setTimeout(pass, RETENTION_FIRST_PASS_MS).unref();
        hourly = setInterval(pass, RETENTION_INTERVAL_MS).unref();
        revealing = setInterval(revealPass, REVEAL_INTERVAL_MS).unref();
      },
      async stop() {
        clearInterval(revealing);
        clearTimeout(first);
        clearInterval(hourly);
        await addons.stop();
        await gets.stop();
        await deletions.stop();
        for (const s of backOffice) await s.stop();
        await relay.stop();
      },
    };
  },
};
