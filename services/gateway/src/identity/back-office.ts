import { and, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { RpcRequest, RpcResponse, identityStats, identityUsers } from '@afterglow/contracts';
import { isUuid } from '@afterglow/contracts';
import { afterKeyset, keysetPage, searchAny, type Db } from '@afterglow/db';
import { users, type UserRow } from './schema';

/** ids as the uuid column takes them (any other string names no account) */
const asIds = (ids: string[]) => ids.filter(isUuid);

/** An account as identity answers it over the bus. */
export const account = (u: UserRow) => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  isAdmin: u.isAdmin,
  isSuspended: u.isSuspended,
  createdAt: u.createdAt.toISOString(),
});

/** What the back office asks of identity over the bus (ADR 028): accounts, page by page, and counts. */
export class IdentityBackOffice {
  constructor(private readonly db: Db) {}

  /** Newest first; search matches the e-mail, first or last name, or the whole name. */
  async users(q: RpcRequest<typeof identityUsers>): Promise<RpcResponse<typeof identityUsers>> {
    const fullName = sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;
    const where: (SQL | undefined)[] = [
      q.ids ? inArray(users.id, asIds(q.ids)) : undefined,
      q.among ? inArray(users.id, asIds(q.among)) : undefined,
      q.status ? eq(users.isSuspended, q.status === 'suspended') : undefined,
      searchAny(q.search, users.email, fullName),
      afterKeyset(users.createdAt, users.id, q.cursor),
    ];
    const rows = await this.db
      .select()
      .from(users)
      .where(and(...where))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.limit + 1);
    const page = keysetPage(rows, q.limit, (u) => ({ at: u.createdAt, id: u.id }));
    return { users: page.rows.map(account), nextCursor: page.nextCursor };
  }

  async stats({ since }: RpcRequest<typeof identityStats>): Promise<RpcResponse<typeof identityStats>> {
    const [c] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        since: sql<number>`(count(*) filter (where ${gte(users.createdAt, new Date(since))}))::int`,
      })
      .from(users);
    return { total: c?.total ?? 0, since: c?.since ?? 0 };
  }
}
