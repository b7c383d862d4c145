import { randomBytes } from 'node:crypto';
import { createClient, type RedisClientType } from 'redis';

/** The cookie holding a signed-in browser's session id. */
export const SESSION_COOKIE = 'ag_session';

export interface Session {
  userId: string;
  /** kept for the provider's end-session call at logout */
  idToken?: string;
  createdAt: number;
}

/** Where sessions live: in-process (embedded) or Redis (any gateway replica serves any user). */
export interface SessionStore {
  get(id: string): Promise<Session | null>;
  set(id: string, s: Session, ttlSeconds: number): Promise<void>;
  delete(id: string): Promise<void>;
  /** Ends every session of a user but `except` (a password change keeps the one that made it). */
  deleteForUser(userId: string, except?: string): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const newSessionId = () => randomBytes(32).toString('base64url');

export function createMemorySessions(): SessionStore {
  const map = new Map<string, { s: Session; until: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, v] of map) if (v.until < now) map.delete(k);
  }, 60_000);
  sweep.unref();
  return {
    async get(id) {
      const v = map.get(id);
      if (!v) return null;
      if (v.until < Date.now()) {
        map.delete(id);
        return null;
      }
      return v.s;
    },
    async set(id, s, ttl) {
      map.set(id, { s, until: Date.now() + ttl * 1000 });
    },
    async delete(id) {
      map.delete(id);
    },
    async deleteForUser(userId, except) {
      let n = 0;
      for (const [k, v] of map)
        if (v.s.userId === userId && k !== except) {
          map.delete(k);
          n++;
        }
      return n;
    },
    async ping() {},
    async close() {
      clearInterval(sweep);
      map.clear();
    },
  };
}

/** One Redis connection for the gateway (sessions and rate limits); it reconnects by itself. */
export async function connectRedis(url: string): Promise<RedisClientType> {
  const client = createClient({ url, socket: { reconnectStrategy: (n) => Math.min(n * 100, 2000) } });
  client.on('error', () => {}); // readiness reports the outage
  await client.connect();
  return client as RedisClientType;
}

export function createRedisSessions(client: RedisClientType, prefix = 'afterglow:session:'): SessionStore {
  // each user's session ids, so a password change can end them all (entries of expired sessions are
  // dropped when found missing)
  const ofUser = (userId: string) => `${prefix}user:${userId}`;
  return {
    async get(id) {
      const v = await client.get(prefix + id);
      return v ? (JSON.parse(v) as Session) : null;
    },
    async set(id, s, ttl) {
      await client
        .multi()
        .set(prefix + id, JSON.stringify(s), { EX: ttl })
        .sAdd(ofUser(s.userId), id)
        .expire(ofUser(s.userId), ttl)
        .exec();
    },
    async delete(id) {
      await client.del(prefix + id);
    },
    async deleteForUser(userId, except) {
      const ids = (await client.sMembers(ofUser(userId))).filter((id) => id !== except);
      if (!ids.length) return 0;
      const n = await client.del(ids.map((id) => prefix + id));
      await client.sRem(ofUser(userId), ids);
      return n;
    },
    async ping() {
      await client.ping();
    },
    async close() {
      await client.quit().catch(() => {});
    },
  };
}
