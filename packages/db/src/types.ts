import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** The drizzle database every service uses, whichever driver is behind it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<PgQueryResultHKT, Record<string, any>>;
