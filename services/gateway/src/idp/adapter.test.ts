import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { openDatabase, type Database } from '@afterglow/db';
import { oidcModels } from '../identity/schema';
import { createDbAdapter, type DbAdapterOptions } from './adapter';

/** A gateway database (PGlite in memory, or a fresh PostgreSQL database) with its migrations. */
async function gatewayDatabase(url?: string): Promise<{ database: Database; drop(): Promise<void> }> {
  if (!url) {
    const database = await openDatabase({ url: 'pglite:memory', dataDir: tmpdir() });
    await database.migrate('gateway', { schema: 'identity' });
    return { database, drop: () => database.close() };
  }
  const name = `afterglow_idp_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: dbUrl.href, dataDir: tmpdir() });
  await database.migrate('gateway', { schema: 'identity' });
  return {
    database,
    async drop() {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

function adapterContract(kind: string, url?: string) {
  describe(`oidc-provider database adapter (${kind})`, () => {
    let database: Database;
    let drop: () => Promise<void>;
    let t: number;
    const clock = { now: () => t };
    const make = (o: DbAdapterOptions = {}) =>
      createDbAdapter(database.db, { purgeEveryMs: 0, ...clock, ...o });
    const rows = () => database.db.select().from(oidcModels);

    beforeAll(async () => ({ database, drop } = await gatewayDatabase(url)));
    afterAll(() => drop?.());
    beforeEach(async () => {
      t = Date.now();
      await database.db.delete(oidcModels);
    });

    it('finds what was upserted; upserting again replaces it in the same row', async () => {
      const Adapter = make();
      const grants = new Adapter('Grant');
      await grants.upsert('g1', { jti: 'g1', accountId: 'a1', exp: 1 }, 60);
      expect(await grants.find('g1')).toEqual({ jti: 'g1', accountId: 'a1', exp: 1 });
      await grants.upsert('g1', { jti: 'g1', accountId: 'a2' }, 60);
      expect(await grants.find('g1')).toEqual({ jti: 'g1', accountId: 'a2' });
      expect(await rows()).toHaveLength(1);
      expect(await grants.find('nope')).toBeUndefined();
      // the same id under another model is another object
      expect(await new Adapter('Session').find('g1')).toBeUndefined();
    });

    it('finds a Session by its uid and a DeviceCode by its user code', async () => {
      const Adapter = make();
      await new Adapter('Session').upsert('s1', { jti: 's1', uid: 'u1', accountId: 'a1' }, 60);
      await new Adapter('DeviceCode').upsert('d1', { jti: 'd1', userCode: 'ABCD-EFGH' }, 60);
      expect(await new Adapter('Session').findByUid('u1')).toMatchObject({ jti: 's1' });
      expect(await new Adapter('Session').findByUid('u2')).toBeUndefined();
      expect(await new Adapter('DeviceCode').findByUserCode('ABCD-EFGH')).toMatchObject({ jti: 'd1' });
      expect(await new Adapter('Session').findByUserCode('ABCD-EFGH')).toBeUndefined();
    });

    it('consume marks the payload consumed (epoch seconds), and a re-save does not undo it', async () => {
      const codes = new (make())('AuthorizationCode');
      await codes.upsert('c1', { jti: 'c1', grantId: 'g1' }, 60);
      expect((await codes.find('c1'))?.consumed).toBeUndefined();
      await codes.consume('c1');
      expect((await codes.find('c1'))?.consumed).toBe(Math.floor(t / 1000));
      t += 5000;
      await codes.consume('c1'); // the first consumption stands
      await codes.upsert('c1', { jti: 'c1', grantId: 'g1', scope: 'openid' }, 60);
      expect(await codes.find('c1')).toEqual({
        jti: 'c1',
        grantId: 'g1',
        scope: 'openid',
        consumed: Math.floor((t - 5000) / 1000),
      });
      await codes.consume('unknown'); // nothing to consume: no error
    });

    it('destroy removes that one object', async () => {
      const Adapter = make();
      await new Adapter('Session').upsert('x', { jti: 'x', uid: 'ux' }, 60);
      await new Adapter('Interaction').upsert('x', { jti: 'x' }, 60);
      await new Adapter('Session').destroy('x');
      expect(await new Adapter('Session').find('x')).toBeUndefined();
      expect(await new Adapter('Session').findByUid('ux')).toBeUndefined();
      expect(await new Adapter('Interaction').find('x')).toEqual({ jti: 'x' });
    });

    it("revokeByGrantId removes the grant's codes and tokens of every model, nothing else", async () => {
      const Adapter = make();
      const up = (model: string, id: string, payload: object) =>
        new Adapter(model).upsert(id, { jti: id, ...payload }, 60);
      await up('AuthorizationCode', 'c1', { grantId: 'g1' });
      await up('AccessToken', 'at1', { grantId: 'g1' });
      await up('RefreshToken', 'rt1', { grantId: 'g1' });
      await up('AccessToken', 'at2', { grantId: 'g2' });
      await up('Interaction', 'i1', { grantId: 'g1' });
      await up('Grant', 'g1', { accountId: 'a1' });
      await new Adapter('AccessToken').revokeByGrantId('g1');
      const left = (await rows()).map((r) => `${r.model}:${r.id}`).sort();
      expect(left).toEqual(['AccessToken:at2', 'Grant:g1', 'Interaction:i1']);
    });

    it('does not return expired objects; objects without a lifetime do not expire', async () => {
      const Adapter = make();
      await new Adapter('Session').upsert('s1', { jti: 's1', uid: 'u1' }, 10);
      await new Adapter('DeviceCode').upsert('d1', { jti: 'd1', userCode: 'UC' }, 10);
      await new Adapter('Client').upsert('cl', { client_id: 'cl' });
      t += 9_999;
      expect(await new Adapter('Session').find('s1')).toBeDefined();
      t += 1;
      expect(await new Adapter('Session').find('s1')).toBeUndefined();
      expect(await new Adapter('Session').findByUid('u1')).toBeUndefined();
      expect(await new Adapter('DeviceCode').findByUserCode('UC')).toBeUndefined();
      t += 10 * 365 * 86400_000;
      expect(await new Adapter('Client').find('cl')).toEqual({ client_id: 'cl' });

      const tolerant = new (make({ clockTolerance: 5 }))('Session');
      await tolerant.upsert('s2', { jti: 's2' }, 10);
      t += 14_000;
      expect(await tolerant.find('s2')).toBeDefined();
    });

    it('purgeExpired deletes only rows expired longer than the grace period, in batches', async () => {
      const Adapter = make({ purgeGraceMs: 60_000, purgeBatch: 2 });
      const sessions = new Adapter('Session');
      for (let i = 0; i < 5; i++) await sessions.upsert(`old${i}`, { jti: `old${i}` }, 1);
      t += 30_000;
      await sessions.upsert('recent', { jti: 'recent' }, 1); // expired, but within the grace period
      await sessions.upsert('live', { jti: 'live' }, 3600);
      await sessions.upsert('forever', { jti: 'forever' });
      t += 35_000;
      expect(await Adapter.purgeExpired()).toBe(5);
      expect((await rows()).map((r) => r.id).sort()).toEqual(['forever', 'live', 'recent']);
      expect(await Adapter.purgeExpired()).toBe(0);
    });

    it('replicas purging at the same time delete each row once and do not fail', async () => {
      const a = make({ purgeGraceMs: 0, purgeBatch: 3 });
      const b = make({ purgeGraceMs: 0, purgeBatch: 3 });
      for (let i = 0; i < 40; i++) await new a('AccessToken').upsert(`t${i}`, { jti: `t${i}` }, 1);
      t += 2000;
      const [x, y] = await Promise.all([a.purgeExpired(), b.purgeExpired()]);
      expect(x + y).toBe(40);
      expect(await rows()).toHaveLength(0);
    });

    it('an upsert purges at most once per interval, and a failed purge does not fail it', async () => {
      const errors: unknown[] = [];
      const Adapter = make({ purgeEveryMs: 60_000, purgeGraceMs: 0, onPurgeError: (e) => errors.push(e) });
      const s = new Adapter('Session');
      const ids = async () => (await rows()).map((r) => r.id).sort();
      await s.upsert('a', { jti: 'a' }, 1); // purges (first upsert), nothing to delete
      t += 2000;
      await s.upsert('b', { jti: 'b' }, 1); // within the interval: 'a' stays
      expect(await ids()).toEqual(['a', 'b']);
      t += 60_000;
      await s.upsert('c', { jti: 'c' }, 1); // interval passed: the expired 'a' and 'b' go
      expect(await ids()).toEqual(['c']);
      expect(errors).toEqual([]);

      // a purge that fails (here: every select fails) is reported, and the upsert still stands
      const broken = new Proxy(database.db, {
        get: (db, p, receiver) =>
          p === 'select'
            ? () => {
                throw new Error('select failed');
              }
            : Reflect.get(db, p, receiver),
      });
      const failing = createDbAdapter(broken, { ...clock, onPurgeError: (e) => errors.push(e) });
      await new failing('Session').upsert('d', { jti: 'd' }, 60);
      expect(errors).toEqual([new Error('select failed')]);
      expect(await new Adapter('Session').find('d')).toEqual({ jti: 'd' });
    });

    it('an upsert deletes one batch; purgeExpired deletes them all', async () => {
      const Adapter = make({ purgeEveryMs: 60_000, purgeGraceMs: 0, purgeBatch: 2 });
      const s = new Adapter('Session');
      t -= 120_000;
      for (let i = 0; i < 5; i++) await s.upsert(`x${i}`, { jti: `x${i}` }, 1); // the first purges nothing
      t += 120_000;
      await s.upsert('y', { jti: 'y' }, 60);
      expect(await rows()).toHaveLength(4);
      expect(await Adapter.purgeExpired()).toBe(3);
      expect((await rows()).map((r) => r.id)).toEqual(['y']);
    });

    it('refuses options that would break the purge', () => {
      expect(() => make({ purgeBatch: 0 })).toThrow(/purgeBatch/);
      expect(() => make({ purgeBatch: Number.NaN })).toThrow(/purgeBatch/);
      expect(() => make({ purgeGraceMs: -1 })).toThrow(/purgeGraceMs/);
    });
  });
}

adapterContract('pglite');
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn('TEST_DATABASE_URL not set: the PostgreSQL oidc adapter contract is skipped');
describe.skipIf(!url)('postgres', () => adapterContract('postgres', url));

describe('embedded identity provider on the database adapter', () => {
  const issuer = 'http://localhost:3000';
  const redirectUri = 'http://localhost:3000/cb';
  const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ database, drop } = await gatewayDatabase()));
  afterAll(() => drop?.());

  /** A provider like the gateway's: one first-party client, no consent screen, PKCE. */
  const config = (adapter?: Configuration['adapter']): Configuration => ({
    ...(adapter ? { adapter } : {}),
    clients: [
      {
        client_id: 'web',
        client_secret: 'web-secret',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: ['test-cookie-key'], long: { secure: false }, short: { secure: false } },
    jwks: { keys: [jwk as never] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: {
      Session: 3600,
      Interaction: 600,
      Grant: 3600,
      AuthorizationCode: 60,
      IdToken: 600,
      AccessToken: 600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: id }) }),
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId = ctx.oidc.session!.grantIdFor('web');
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: 'web', accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid');
      await grant.save();
      return grant;
    },
  });

  /** The provider over HTTP, with the login step answered as account "acc-1". */
  async function serve(provider: Provider): Promise<{ base: string; server: Server }> {
    const callback = provider.callback();
    const server = createServer((req, res) => {
      if (!req.url?.startsWith('/interaction/')) return void callback(req, res);
      provider
        .interactionFinished(req, res, { login: { accountId: 'acc-1' } }, { mergeWithLastSubmission: false })
        .catch(() => {
          res.statusCode = 400;
          res.end('sign-in expired');
        });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  }
  const stop = (s: Server) => new Promise((r) => s.close(r));

  /** A browser's cookie jar, enough for one origin. */
  function browser() {
    const jar = new Map<string, string>();
    return async (base: string, path: string, init: RequestInit = {}) => {
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetch(base + path, {
        ...init,
        redirect: 'manual',
        headers: { ...init.headers, cookie },
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair, ...attrs] = c.split(';');
        const [k, v] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
        const gone = attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0\b/i.test(a));
        if (gone) jar.delete(k);
        else jar.set(k, v);
      }
      const location = res.headers.get('location');
      return { res, next: location ? new URL(location, base).pathname + new URL(location, base).search : '' };
    };
  }

  /** Starts a sign-in on one provider instance, restarts, and finishes it on a new instance. */
  async function signInAcrossRestart(
    adapter: () => Configuration['adapter'],
    afterRedeem: () => Promise<unknown> = async () => undefined,
  ) {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const go = browser();
    const first = await serve(new Provider(issuer, config(adapter())));
    const auth = await go(
      first.base,
      `/auth?${new URLSearchParams({ client_id: 'web', response_type: 'code', scope: 'openid', redirect_uri: redirectUri, state: 'st', code_challenge: challenge, code_challenge_method: 'S256' })}`,
    );
    expect(auth.res.status).toBe(303);
    expect(auth.next).toMatch(/^\/interaction\//);
    await stop(first.server);

    const second = await serve(new Provider(issuer, config(adapter())));
    try {
      const login = await go(second.base, auth.next);
      if (login.res.status !== 303) return { loginStatus: login.res.status };
      const resume = await go(second.base, login.next);
      const code = new URL(resume.next, redirectUri).searchParams.get('code');
      const redeem = () =>
        fetch(`${second.base}/token`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from('web:web-secret').toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: code ?? '',
            redirect_uri: redirectUri,
            code_verifier: verifier,
          }),
        });
      const tokens = await redeem();
      const stored = await afterRedeem();
      const replay = await redeem();
      return { loginStatus: 303, code, tokens: await tokens.json(), stored, replay: await replay.json() };
    } finally {
      await stop(second.server);
    }
  }

  it('keeps a sign-in in progress across a restart, and uses no in-memory adapter', async () => {
    const warn = vi.spyOn(console, 'warn');
    const models = async () => (await database.db.select().from(oidcModels)).map((r) => r.model).sort();
    const result = await signInAcrossRestart(() => createDbAdapter(database.db), models);
    expect(warn.mock.calls.flat().join('\n')).not.toMatch(/in-memory adapter/);
    warn.mockRestore();
    expect(result.loginStatus).toBe(303);
    expect(result.code).toBeTruthy();
    expect(result.tokens).toMatchObject({ token_type: 'Bearer', id_token: expect.any(String) });
    expect(result.stored).toEqual(['AccessToken', 'AuthorizationCode', 'Grant', 'Session']);
    // the code was consumed in the database: a second redemption is refused, and (as oidc-provider
    // does on a code replay) the grant and everything issued under it are revoked
    expect(result.replay).toMatchObject({ error: 'invalid_grant' });
    expect(await models()).toEqual(['Session']);
  });

  it("loses it with oidc-provider's default in-memory adapter (what the database adapter fixes)", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const result = await signInAcrossRestart(() => undefined);
    expect(warn.mock.calls.flat().join('\n')).toMatch(/in-memory adapter/);
    warn.mockRestore();
    expect(result.loginStatus).toBe(400);
  });

  it('finds model objects saved by one provider instance from another', async () => {
    const one = new Provider(issuer, config(createDbAdapter(database.db)));
    const two = new Provider(issuer, config(createDbAdapter(database.db)));
    // (@types/oidc-provider declares these constructors without the arguments they take)
    const Session = one.Session as unknown as new (payload: object) => InstanceType<typeof one.Session>;
    const Interaction = one.Interaction as unknown as new (
      uid: string,
      payload: object,
    ) => InstanceType<typeof one.Interaction>;
    const session = new Session({ accountId: 'acc-2', loginTs: Math.floor(Date.now() / 1000) });
    await session.save(3600);
    const interaction = new Interaction('uid-1', {
      params: { client_id: 'web' },
      prompt: { name: 'login', reasons: [], details: {} },
      returnTo: `${issuer}/auth/uid-1`,
      session,
    });
    await interaction.save(600);

    expect(await two.Session.find(session.jti)).toMatchObject({ accountId: 'acc-2', uid: session.uid });
    expect(await two.Session.findByUid(session.uid)).toMatchObject({ jti: session.jti });
    expect(await two.Interaction.find('uid-1')).toMatchObject({
      returnTo: `${issuer}/auth/uid-1`,
      session: { accountId: 'acc-2', uid: session.uid },
    });
    await (await two.Interaction.find('uid-1'))!.destroy();
    expect(await one.Interaction.find('uid-1')).toBeUndefined();
  });
});
