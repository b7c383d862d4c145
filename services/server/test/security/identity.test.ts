import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import express from 'express';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../gateway/src/identity/schema';
import {
  Browser,
  eventBody,
  freePort,
  loginThroughIdp,
  openSocket,
  startApp,
  type TestApp,
} from '../support/harness';

describe('accounts at the gateway', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('makes admins of the configured e-mails', async () => {
    const admin = new Browser(app.base);
    await loginThroughIdp(admin, 'Admin@Example.test', 'admin password');
    expect((await admin.json('GET', '/api/auth/user')).body).toMatchObject({
      email: 'admin@example.test',
      isAdmin: true,
    });
  });

  it('refuses an account that already exists and a short password, with clear messages', async () => {
    await loginThroughIdp(new Browser(app.base), 'twice@example.test', 'first password');
    const again = await loginThroughIdp(new Browser(app.base), 'TWICE@example.test', 'second password');
    expect(again.res.status).toBe(409);
    expect(again.html).toContain('An account with this email already exists');
    const short = await loginThroughIdp(new Browser(app.base), 'short@example.test', 'abc');
    expect(short.html).toContain('at least 8 characters');
  });

  it('refuses a suspended user at the gateway, on every route and the WebSocket', async () => {
    const b = new Browser(app.base);
    await loginThroughIdp(b, 'suspend-me@example.test', 'some password');
    const me = (await b.json('GET', '/api/auth/user')).body;
    const ev = (await b.json('POST', '/api/events', eventBody())).body;
    await app.ctx.database.db.update(users).set({ isSuspended: true }).where(eq(users.id, me.id));
    await new Promise((r) => setTimeout(r, 3100)); // the gateway's user cache
    const r = await b.json('GET', '/api/auth/user');
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('account_suspended');
    expect((await b.json('POST', '/api/events', eventBody())).status).toBe(403);
    expect((await b.json('GET', `/api/events/${ev.id}/stats`)).status).toBe(403);
    await expect(openSocket(app.base, b.cookieHeader())).rejects.toThrow(/403/);
    // signing out still works
    const out = await b.fetch('/api/logout');
    expect(out.status).toBe(302);
    expect((await b.json('GET', '/api/auth/user')).status).toBe(401);
  });

  it('ends the session at logout, at the identity provider too', async () => {
    const b = new Browser(app.base);
    await loginThroughIdp(b, 'leaver@example.test', 'leaving password');
    const { res, url } = await b.follow('/api/logout');
    expect((await b.json('GET', '/api/auth/user')).status).toBe(401);
    // The provider's sign-out page submits its form by script; do what the browser does.
    expect(new URL(url).pathname).toBe('/idp/session/end');
    const page = await res.text();
    const action = page.match(/<form[^>]*action="([^"]+)"/)![1]!;
    const xsrf = page.match(/name="xsrf" value="([^"]+)"/)![1]!;
    const done = await b.fetch(new URL(action, url).href, {
      method: 'POST',
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${app.base}/`);
    // signing in again asks for the password again (no silent re-login)
    const { url: loginUrl } = await b.follow('/api/login');
    expect(loginUrl).toContain('/idp/interaction/');
  });

  it('refuses cross-site writes and drops forged principal headers', async () => {
    const b = new Browser(app.base);
    await loginThroughIdp(b, 'csrf@example.test', 'csrf password');
    const cross = await b.fetch('/api/events', {
      method: 'POST',
      body: JSON.stringify(eventBody()),
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
    });
    expect(cross.status).toBe(403);
    const same = await b.fetch('/api/events', {
      method: 'POST',
      body: JSON.stringify(eventBody()),
      headers: { 'content-type': 'application/json', origin: app.base },
    });
    expect(same.status).toBe(201);
    const forged = await fetch(`${app.base}/api/events`, {
      method: 'POST',
      body: JSON.stringify(eventBody()),
      headers: { 'content-type': 'application/json', 'x-afterglow-principal': 'eyJ1c2VySWQiOiJ4In0.forged' },
    });
    expect(forged.status).toBe(401);
  });

  it('never redirects a login outside the site', async () => {
    const b = new Browser(app.base);
    const res = await b.fetch('/api/login?returnTo=//evil.example/x');
    expect(res.status).toBe(302);
    const { url } = await b.follow(res.headers.get('location')!);
    const page = await (await b.fetch(url)).text();
    const action = page.match(/action="([^"]+)"/)![1]!;
    const done = await b.fetch(new URL(action, url).href, {
      method: 'POST',
      body: new URLSearchParams({ email: 'redir@example.test', password: 'redirect pass', action: 'create' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const final = await b.follow(new URL(done.headers.get('location')!, url).href);
    expect(new URL(final.url).origin).toBe(app.base);
    expect(new URL(final.url).pathname).toBe('/');
  });
});

/**
 * The gateway against an external provider configured only by OIDC_ISSUER_URL, OIDC_CLIENT_ID and
 * OIDC_CLIENT_SECRET, issuing roles the way Keycloak does (`realm_access.roles`).
 */
describe('an external identity provider (Keycloak-style)', () => {
  let idpServer: Server;
  let app: TestApp;
  /** the same provider, its admin role named `afterglow-ops` */
  let opsApp: TestApp;
  const accounts: Record<
    string,
    { email: string; given_name: string; family_name: string; roles: string[] }
  > = {
    'kc-admin': {
      email: 'boss@corp.test',
      given_name: 'Bo',
      family_name: 'Ss',
      roles: ['admin', 'offline_access'],
    },
    'kc-user': { email: 'user@corp.test', given_name: 'Us', family_name: 'Er', roles: ['offline_access'] },
    'kc-ops': { email: 'ops@corp.test', given_name: 'Op', family_name: 'S', roles: ['afterglow-ops'] },
  };
  let nextAccount = 'kc-admin';

  beforeAll(async () => {
    const idpPort = await freePort();
    const appPort = await freePort();
    const opsPort = await freePort();
    const issuer = `http://127.0.0.1:${idpPort}/realms/afterglow`;
    const secret = randomBytes(16).toString('hex');
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: 'afterglow-web',
          client_secret: secret,
          redirect_uris: [appPort, opsPort].map((p) => `http://127.0.0.1:${p}/api/callback`),
          post_logout_redirect_uris: [appPort, opsPort].map((p) => `http://127.0.0.1:${p}/`),
        },
      ],
      claims: { openid: ['sub', 'realm_access'], email: ['email'], profile: ['given_name', 'family_name'] },
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      pkce: { required: () => true },
      async findAccount(_ctx: unknown, id: string) {
        const a = accounts[id];
        return (
          a && {
            accountId: id,
            claims: async () => ({
              sub: id,
              email: a.email,
              given_name: a.given_name,
              family_name: a.family_name,
              realm_access: { roles: a.roles },
            }),
          }
        );
      },
      async loadExistingGrant(ctx: any) {
        const grant = new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client.clientId,
          accountId: ctx.oidc.session.accountId,
        });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
      interactions: { url: (_ctx: unknown, i: { uid: string }) => `/realms/afterglow/login/${i.uid}` },
    } as any);
    const idp = express();
    // The "login page" of this stand-in signs in whichever account the test chose.
    idp.get('/realms/afterglow/login/:uid', async (req, res) => {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: nextAccount } },
        { mergeWithLastSubmission: false },
      );
    });
    idp.use('/realms/afterglow', provider.callback());
    idpServer = createServer(idp);
    await new Promise<void>((r) => idpServer.listen(idpPort, '127.0.0.1', () => r()));
    const oidc = {
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: 'afterglow-web',
      OIDC_CLIENT_SECRET: secret,
      AFTERGLOW_ADMIN_EMAILS: '',
    };
    app = await startApp({ PORT: String(appPort), ...oidc });
    opsApp = await startApp({ PORT: String(opsPort), ...oidc, OIDC_ADMIN_ROLE: 'afterglow-ops' });
  });
  afterAll(async () => {
    await app?.close();
    await opsApp?.close();
    await new Promise((r) => idpServer?.close(r));
  });

  it('logs in by configuration alone and takes admin from the role claim', async () => {
    const b = new Browser(app.base);
    const { url } = await b.follow('/api/login');
    expect(new URL(url).origin).toBe(app.base);
    const me = await b.json('GET', '/api/auth/user');
    expect(me.body).toMatchObject({
      email: 'boss@corp.test',
      firstName: 'Bo',
      lastName: 'Ss',
      isAdmin: true,
    });
    expect((await b.fetch('/idp/.well-known/openid-configuration')).status).toBe(404); // no embedded provider
  });

  it('gives no admin rights without the role', async () => {
    nextAccount = 'kc-user';
    const b = new Browser(app.base);
    await b.follow('/api/login');
    expect((await b.json('GET', '/api/auth/user')).body).toMatchObject({
      email: 'user@corp.test',
      isAdmin: false,
    });
  });

  it('takes the admin role named by OIDC_ADMIN_ROLE instead', async () => {
    const isAdmin = async (account: string) => {
      nextAccount = account;
      const b = new Browser(opsApp.base);
      await b.follow('/api/login');
      return (await b.json('GET', '/api/auth/user')).body.isAdmin;
    };
    expect(await isAdmin('kc-ops')).toBe(true);
    expect(await isAdmin('kc-admin')).toBe(false);
  });
});
