import type { ServiceModule } from '@afterglow/service-kit';
import { AuditLog } from './app/audit';
import { AdminEvents } from './app/events';
import { AdminUsers } from './app/users';
import { adminRouter } from './http/routes';

/**
 * The back office: what platform admins do to accounts and events. It owns only its audit log
 * (schema `admin`); the accounts, plans and events it acts on belong to identity, billing and events,
 * which it asks over the bus.
 */
export const adminModule: ServiceModule = {
  name: 'admin',
  deps: [],
  async start(ctx) {
    await ctx.database.migrate('admin');
    const audit = new AuditLog(ctx.database.db, ctx.logger);
    return {
      router: adminRouter(new AdminUsers(ctx.bus, audit), new AdminEvents(ctx.bus, audit), ctx.secret),
      async stop() {},
    };
  },
};
