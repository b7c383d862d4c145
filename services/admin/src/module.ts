import { photoModerated } from '@afterglow/contracts';
import type { ServiceModule } from '@afterglow/service-kit';
import { AuditLog } from './app/audit';
import { BackOffice } from './app/back-office';
import { AdminEvents } from './app/events';
import { AdminGuestbook } from './app/guestbook';
import { photoLabel } from './app/lookups';
import { AdminUsers } from './app/users';
import { adminRouter } from './http/routes';

/**
 * The back office (ADRs 013, 028): what platform admins see and do across accounts, events and photos.
 * It owns only its audit log (schema `admin`); the accounts, plans, events and photos it lists and
 * acts on belong to identity, billing, events and photos, which it asks over the bus. Hosts'
 * decisions on photos reach the audit log as `photo.moderated` facts.
 */
export const adminModule: ServiceModule = {
  name: 'admin',
  deps: [],
  asks: ['gateway', 'billing', 'events', 'photos', 'notify'],
  async start(ctx) {
    await ctx.database.migrate('admin');
    const audit = new AuditLog(ctx.database.db, ctx.logger);
    const moderation = await ctx.bus.consume(
      photoModerated.subject,
      { durable: 'admin-audit-moderation', maxDeliver: 10 },
      async (msg) => {
        const m = photoModerated.schema.parse(msg.data);
        await audit.recordModeration(m, msg.msgId ?? `${m.photoId}|${m.at}|${m.action ?? ''}`, (eventId) =>
          photoLabel(ctx.bus, eventId),
        );
      },
    );
    const all = ctx.modules.length > 1;
    return {
      router: adminRouter({
        users: new AdminUsers(ctx.bus, audit),
        events: new AdminEvents(ctx.bus, audit),
        office: new BackOffice(ctx.bus, audit),
        guestbook: new AdminGuestbook(ctx.bus, audit),
        bus: ctx.bus,
        secret: ctx.secret,
        config: ctx.config,
        mode: all
          ? `embedded: ${ctx.modules.join(', ')} in one process`
          : `distributed: this process runs admin`,
      }),
      async stop() {
        await moderation.stop();
      },
    };
  },
};
