import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { Db } from '@afterglow/db';
import { oidcModels } from '../identity/schema';

/**
 * The models oidc-provider revokes together with their grant (`revokeByGrantId`, called on any one
 * of them, removes the grant's rows of all of them), as its own memory adapter does. Interactions
 * also carry a `grantId` but are not revoked with the grant, so only these rows get `grant_id`.
 */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

export interface DbAdapterOptions {
  /** seconds a row outlives its `expiresIn` (oidc-provider's `clockTolerance`); default 0 */
  clockTolerance?: number;
  /** an upsert deletes long-expired rows at most this often per process (ms); 0: never; default 5 min */
  purgeEveryMs?: number;
  /** how long a row is kept after it expired before it is deleted (ms); default 1 hour */
  purgeGraceMs?: number;
  /** rows deleted per statement when purging (an upsert deletes one such batch); default 1000 */
  purgeBatch?: number;
  /** told about a failed purge (the upsert that triggered it still succeeds) */
  onPurgeError?: (err: unknown) => void;
  /** the clock (ms since the epoch); for tests */
  now?: () => number;
}

/** An oidc-provider adapter class, plus the clean-up of expired rows it otherwise runs from upsert. */
export interface DbAdapterClass extends AdapterConstructor {
  /** Deletes rows expired more than `purgeGraceMs` ago; returns how many. */
  purgeExpired(): Promise<number>;
}

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, tokens) in `identity.oidc_models`,
 * so sign-ins in progress survive a restart and every gateway replica sees the same ones. Use as
 * the provider's `adapter` configuration option.
 */
export function createDbAdapter(db: Db, opts: DbAdapterOptions = {}): DbAdapterClass {
  const now = opts.now ?? Date.now;
  const tolerance = option('clockTolerance', opts.clockTolerance, 0);
  const purgeEveryMs = option('purgeEveryMs', opts.purgeEveryMs, 5 * 60_000);
  const purgeGraceMs = option('purgeGraceMs', opts.purgeGraceMs, 3600_000);
  const purgeBatch = option('purgeBatch', opts.purgeBatch, 1000);
  if (!Number.isInteger(purgeBatch) || purgeBatch < 1)
    throw new Error(`createDbAdapter: purgeBatch must be a positive integer, got ${purgeBatch}`);
  let nextPurgeAt = 0;

  const notExpired = () => or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, new Date(now())));

  /** Deletes up to `maxBatches` batches of long-expired rows; returns how many rows. */
  async function purge(maxBatches: number): Promise<number> {
    const cutoff = new Date(now() - purgeGraceMs);
    let total = 0;
    for (let i = 0; i < maxBatches; i++) {
      // Small batches, each its own statement; SKIP LOCKED: replicas purging at the same time take
      // different rows instead of waiting for each other (or for a sign-in re-saving a row).
      const batch = db
        .select({ model: oidcModels.model, id: oidcModels.id })
        .from(oidcModels)
        .where(lt(oidcModels.expiresAt, cutoff))
        .limit(purgeBatch)
        .for('update', { skipLocked: true });
      const deleted = await db
        .delete(oidcModels)
        .where(sql`(${oidcModels.model}, ${oidcModels.id}) in ${batch}`)
        .returning({ id: oidcModels.id });
      total += deleted.length;
      if (deleted.length < purgeBatch) break;
    }
    return total;
  }

  /** From upsert: one batch, at most every `purgeEveryMs` per process, never failing the upsert. */
  async function maybePurge(): Promise<void> {
    if (purgeEveryMs <= 0 || now() < nextPurgeAt) return;
    nextPurgeAt = now() + purgeEveryMs;
    try {
      await purge(1);
    } catch (err) {
      opts.onPurgeError?.(err);
    }
  }

  const toPayload = (row: { payload: Record<string, unknown>; consumedAt: Date | null }) => {
    const payload = row.payload as AdapterPayload;
    if (!row.consumedAt || payload.consumed) return payload;
    return { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) };
  };

  class DbAdapter implements Adapter {
    static purgeExpired = () => purge(Infinity);

    constructor(readonly model: string) {}

    private async findOne(where: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select({ payload: oidcModels.payload, consumedAt: oidcModels.consumedAt })
        .from(oidcModels)
        .where(and(eq(oidcModels.model, this.model), where, notExpired()))
        .limit(1);
      return row ? toPayload(row) : undefined;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const fields = {
        payload: payload as Record<string, unknown>,
        grantId: GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null,
        userCode: payload.userCode ?? null,
        uid: this.model === 'Session' ? (payload.uid ?? null) : null,
        expiresAt:
          typeof expiresIn === 'number' && Number.isFinite(expiresIn)
            ? new Date(now() + (expiresIn + tolerance) * 1000)
            : null,
      };
      // A re-save replaces the payload but never un-consumes a consumed code or token.
      await db
        .insert(oidcModels)
        .values({ model: this.model, id, ...fields })
        .onConflictDoUpdate({ target: [oidcModels.model, oidcModels.id], set: fields });
      await maybePurge();
    }

    find(id: string) {
      return this.findOne(eq(oidcModels.id, id));
    }

    findByUid(uid: string) {
      return this.findOne(eq(oidcModels.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.findOne(eq(oidcModels.userCode, userCode));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcModels)
        .set({
          consumedAt: sql`coalesce(${oidcModels.consumedAt}, ${new Date(now()).toISOString()}::timestamptz)`,
        })
        .where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcModels).where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcModels).where(eq(oidcModels.grantId, grantId));
    }
  }

  return DbAdapter;
}

function option(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`createDbAdapter: ${name} must be a finite number >= 0, got ${value}`);
  return value;
}
