import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import express, { Router } from 'express';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC, Configuration } from 'oidc-provider';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { cleanText } from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import {
  requestLanguage,
  serverText,
  type Logger,
  type OriginPolicy,
  type ServerText,
} from '@afterglow/service-kit';
import { localAccounts } from '../identity/schema';
import { hashPassword, verifyPassword } from '../identity/passwords';
import { passwordProblem } from '../identity/local-accounts';
import type { AccountRecovery } from '../identity/recovery';
import { createDbAdapter } from './adapter';
import { recoveryRouter } from './recovery-routes';
import { loginPage, logoutPage, messagePage } from './pages';

export interface EmbeddedIdpOptions {
  /** the origins it answers at: its issuer is `<origin>/idp` at each */
  origins: OriginPolicy;
  clientId: string;
  clientSecret: string;
  cookieKeys: string[];
  jwk: Record<string, unknown>;
  db: Db;
  logger: Logger;
  /** the accounts' own recovery (ADR 035): sign-up sends the confirmation link */
  recovery: AccountRecovery;
}

const loginForm = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(1024),
  action: z.enum(['signin', 'create']).default('signin'),
  firstName: z.string().overwrite(cleanText).trim().max(60).optional(),
  lastName: z.string().overwrite(cleanText).trim().max(60).optional(),
});
const emailSchema = z.email();

/** The pages' words in the language of the person asking (their pick in the menu, else their browser's). */
function textFor(req: IncomingMessage, setHeader: (name: string, value: string) => unknown): ServerText {
  const lang = requestLanguage(req);
  setHeader('Content-Language', lang);
  return serverText(lang);
}

/**
 * The identity provider built into embedded mode: oidc-provider with local accounts (scrypt-hashed
 * passwords), mounted under /idp. The gateway logs in against it exactly as it would against Keycloak.
 *
 * A browser always meets it at the origin it is on (localhost on the host's laptop, the network
 * address on a guest's phone): one provider per allowed origin, each with that origin's issuer and
 * redirect URI, all sharing the accounts, the signing key and the stored sessions.
 */
export async function createEmbeddedIdp(o: EmbeddedIdpOptions): Promise<{
  router: Router;
  providerFor: (origin: string) => Provider;
}> {
  const Provider = await loadProvider();
  // Sessions, interactions, grants and codes in the database: they survive a restart, and every
  // origin's provider (and every gateway replica) sees the same ones.
  const adapter = createDbAdapter(o.db, {
    onPurgeError: (err) => o.logger.warn({ err: String(err) }, 'could not purge expired sign-in records'),
  });
  const providers = new Map<string, { provider: Provider; callback: ReturnType<Provider['callback']> }>();
  const entry = (origin: string) => {
    let e = providers.get(origin);
    if (!e) {
      const provider = new Provider(`${origin}/idp`, { ...configFor(o, origin), adapter });
      provider.proxy = true;
      provider.on('server_error', (_ctx, err) =>
        o.logger.error({ err: String(err) }, 'identity provider error'),
      );
      e = { provider, callback: provider.callback() };
      providers.set(origin, e);
    }
    return e;
  };
  const providerOf = (req: express.Request) => entry(o.origins.browserOrigin(req)).provider;
  return {
    router: idpRouter(providerOf, (req) => entry(o.origins.browserOrigin(req)).callback, o),
    providerFor: (origin) => entry(origin).provider,
  };
}

/**
 * oidc-provider, loaded when the embedded provider is used. Its import prints a notice on Node.js
 * releases older than 22 ('Unsupported runtime'); Afterglow runs and is tested on Node 20 and on the
 * image's Node 24, so that one notice is left out of a normal start (every other warning stays).
 */
async function loadProvider(): Promise<typeof Provider> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('Unsupported runtime')) warn(...args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
}

function configFor(o: EmbeddedIdpOptions, origin: string): Configuration {
  const secureCookies = origin.startsWith('https:');
  return {
    clients: [
      {
        client_id: o.clientId,
        client_secret: o.clientSecret,
        redirect_uris: [`${origin}/api/callback`],
        post_logout_redirect_uris: [`${origin}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    conformIdTokenClaims: false,
    cookies: { keys: o.cookieKeys, long: { secure: secureCookies }, short: { secure: secureCookies } },
    jwks: { keys: [o.jwk as never] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          const nonce = randomBytes(16).toString('base64');
          ctx.set(
            'Content-Security-Policy',
            `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; form-action 'self' ${origin}`,
          );
          ctx.body = logoutPage(
            textFor(ctx.req, (k, v) => ctx.set(k, v)),
            form,
            nonce,
          );
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          const t = textFor(ctx.req, (k, v) => ctx.set(k, v));
          ctx.body = messagePage(
            t,
            t('idp.signedOut.title', 'Signed out'),
            t('idp.signedOut.message', 'You have been signed out.'),
          );
        },
      },
    },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/idp/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const [a] = await o.db.select().from(localAccounts).where(eq(localAccounts.id, id));
      if (!a) return undefined;
      return {
        accountId: a.id,
        async claims() {
          return {
            sub: a.id,
            email: a.email,
            email_verified: a.emailVerifiedAt !== null,
            given_name: a.firstName ?? undefined,
            family_name: a.lastName ?? undefined,
            name: [a.firstName, a.lastName].filter(Boolean).join(' ') || undefined,
          };
        },
      };
    },
    // Afterglow is the only client and a first party: grant its scopes without a consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId =
        ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      if (ctx.oidc.client!.clientId !== o.clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({
        clientId: o.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async renderError(ctx: KoaContextWithOIDC, out: { error?: string; error_description?: string }) {
      ctx.type = 'html';
      const t = textFor(ctx.req, (k, v) => ctx.set(k, v));
      // the provider's own description of what went wrong is in English: only our words are translated
      ctx.body = messagePage(
        t,
        t('idp.problem.title', 'Sign-in problem'),
        String(out.error_description ?? out.error ?? t('idp.problem.fallback', 'Something went wrong')),
      );
    },
    ttl: {
      Session: 14 * 24 * 3600,
      Interaction: 3600,
      Grant: 14 * 24 * 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      AccessToken: 3600,
    },
  };
}

/** The sign-in and sign-up pages, then everything else of the provider at /idp. */
function idpRouter(
  providerOf: (req: express.Request) => Provider,
  callbackOf: (req: express.Request) => ReturnType<Provider['callback']>,
  o: EmbeddedIdpOptions,
): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '8kb' });
  const noStore: express.RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  };

  /** The pending interaction named in the URL, or an "expired" page (and null). */
  const interaction = async (req: express.Request, res: express.Response, t: ServerText) => {
    const details = await providerOf(req)
      .interactionDetails(req, res)
      .catch(() => null);
    if (details && details.uid === req.params.uid) return details;
    res
      .status(400)
      .type('html')
      .send(
        messagePage(
          t,
          t('idp.expired.title', 'Sign-in expired'),
          t('idp.expired.message', 'This sign-in link has expired. Please start again.'),
        ),
      );
    return null;
  };

  router.get('/idp/interaction/:uid', noStore, async (req, res) => {
    const t = textFor(req, (k, v) => res.setHeader(k, v));
    const details = await interaction(req, res, t);
    if (!details) return;
    res.type('html').send(loginPage(t, { uid: details.uid }));
  });

  router.post('/idp/interaction/:uid/login', noStore, form, async (req, res) => {
    const t = textFor(req, (k, v) => res.setHeader(k, v));
    const details = await interaction(req, res, t);
    if (!details) return;
    const uid = details.uid;
    const parsed = loginForm.safeParse(req.body ?? {});
    const again = (status: number, error: string, keep: Partial<z.infer<typeof loginForm>> = {}) =>
      res
        .status(status)
        .type('html')
        .send(
          loginPage(t, {
            uid,
            error,
            email: keep.email,
            firstName: keep.firstName,
            lastName: keep.lastName,
          }),
        );
    if (!parsed.success) return again(400, t('idp.error.missing', 'Enter your email and password.'));
    const f = parsed.data;
    if (!emailSchema.safeParse(f.email).success)
      return again(400, t('idp.error.email', 'Enter a valid email address.'), f);
    let accountId: string;
    if (f.action === 'create') {
      const problem = passwordProblem(f.password, t);
      if (problem) return again(400, problem, f);
      const [exists] = await o.db
        .select({ id: localAccounts.id })
        .from(localAccounts)
        .where(sql`lower(${localAccounts.email}) = ${f.email}`);
      const taken = () =>
        again(409, t('idp.error.taken', 'An account with this email already exists. Sign in instead.'), f);
      if (exists) return taken();
      try {
        const [a] = await o.db
          .insert(localAccounts)
          .values({
            email: f.email,
            passwordHash: await hashPassword(f.password),
            firstName: f.firstName || null,
            lastName: f.lastName || null,
          })
          .returning({ id: localAccounts.id });
        accountId = a!.id;
      } catch {
        return taken();
      }
      // the account works at once; the link confirms the address (a reminder stays until it does)
      await o.recovery
        .confirmationLink({ id: accountId }, 'confirm', f.email, o.origins.browserOrigin(req), t.locale)
        .catch((err) => o.logger.warn({ err: String(err) }, 'could not send the confirmation link'));
    } else {
      const [a] = await o.db
        .select()
        .from(localAccounts)
        .where(sql`lower(${localAccounts.email}) = ${f.email}`);
      // Same answer and similar time whether the e-mail is unknown or the password wrong.
      const ok = a
        ? await verifyPassword(f.password, a.passwordHash)
        : (await hashPassword(f.password), false);
      if (!a || !ok)
        return again(401, t('idp.error.wrong', 'Wrong email or password. Please try again.'), {
          email: f.email,
        });
      accountId = a.id;
    }
    await providerOf(req).interactionFinished(
      req,
      res,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
  });

  router.get('/idp/interaction/:uid/abort', noStore, async (req, res) => {
    try {
      await providerOf(req).interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'Sign-in was cancelled' },
        { mergeWithLastSubmission: false },
      );
    } catch {
      res.redirect('/');
    }
  });

  router.use(recoveryRouter(o.recovery, o.origins));
  router.use('/idp', (req, res) => callbackOf(req)(req, res));
  return router;
}
