import * as client from 'openid-client';

export interface OidcSettings {
  /** the provider's issuer; for the embedded one, the issuer at the origin the browser is on */
  issuer: string | ((origin: string) => string);
  clientId: string;
  clientSecret: string;
  /**
   * Embedded mode: our own issuer is reached over this process's loopback listener, whatever origin
   * the browser uses; the origin travels as X-Forwarded-Host/Proto (loopback is a trusted proxy).
   */
  internalUrl?: () => string;
}

export interface LoginStart {
  url: string;
  state: string;
  nonce: string;
  verifier: string;
}

export interface LoginResult {
  sub: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  roles: string[];
  idToken: string | undefined;
  issuer: string;
  /** the provider's `email_verified` claim */
  emailVerified: boolean;
}

/**
 * The gateway as an OIDC relying party (BFF): authorization code + PKCE, tokens never reach the
 * browser. Works with the embedded provider and with Keycloak by configuration alone. Every call
 * names the origin the browser is on: the redirect back comes to that origin, so the login cookie
 * and the session cookie belong to the site the person is using.
 */
export class OidcClient {
  private configs = new Map<string, Promise<client.Configuration>>();

  constructor(private readonly s: OidcSettings) {}

  private issuerFor(origin: string): string {
    return typeof this.s.issuer === 'function' ? this.s.issuer(origin) : this.s.issuer;
  }

  private configuration(origin: string): Promise<client.Configuration> {
    const issuer = this.issuerFor(origin);
    let config = this.configs.get(issuer);
    if (!config) {
      const insecure = issuer.startsWith('http:');
      const internal = this.s.internalUrl;
      const fetchImpl: client.CustomFetch | undefined = internal
        ? (url, options) => {
            const u = new URL(url);
            if (u.origin !== new URL(issuer).origin) return fetch(url, options as RequestInit);
            const headers = new Headers(options.headers as HeadersInit);
            headers.set('x-forwarded-host', u.host);
            headers.set('x-forwarded-proto', u.protocol.slice(0, -1));
            return fetch(internal() + u.pathname + u.search, { ...(options as RequestInit), headers });
          }
        : undefined;
      config = client
        .discovery(new URL(issuer), this.s.clientId, this.s.clientSecret, undefined, {
          ...(insecure || internal ? { execute: [client.allowInsecureRequests] } : {}),
          ...(fetchImpl ? { [client.customFetch]: fetchImpl } : {}),
        })
        .catch((err) => {
          this.configs.delete(issuer); // try again on the next login
          throw err;
        });
      this.configs.set(issuer, config);
    }
    return config;
  }

  async start(origin: string): Promise<LoginStart> {
    const config = await this.configuration(origin);
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: `${origin}/api/callback`,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, nonce, verifier };
  }

  async finish(
    origin: string,
    currentUrl: URL,
    expected: { state: string; nonce: string; verifier: string },
  ): Promise<LoginResult> {
    const config = await this.configuration(origin);
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: expected.verifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    let info: Record<string, unknown> = {};
    if (!claims.email && tokens.access_token) {
      info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    }
    const all = { ...info, ...claims } as Record<string, unknown>;
    const email = String(all.email ?? '');
    if (!email) throw new Error('The identity provider did not share an e-mail address');
    return {
      sub: claims.sub,
      email,
      firstName: typeof all.given_name === 'string' ? all.given_name : null,
      lastName: typeof all.family_name === 'string' ? all.family_name : null,
      roles: rolesOf(all),
      idToken: tokens.id_token,
      issuer: config.serverMetadata().issuer,
      emailVerified: all.email_verified === true || all.email_verified === 'true',
    };
  }

  async logoutUrl(origin: string, idToken: string | undefined): Promise<string | null> {
    try {
      const config = await this.configuration(origin);
      if (!config.serverMetadata().end_session_endpoint) return null;
      return client.buildEndSessionUrl(config, {
        post_logout_redirect_uri: `${origin}/`,
        ...(idToken ? { id_token_hint: idToken } : {}),
      }).href;
    } catch {
      return null;
    }
  }
}

/** Roles from a plain `roles` claim, or Keycloak's realm and client roles. */
export function rolesOf(claims: Record<string, unknown>): string[] {
  const out = new Set<string>();
  const add = (v: unknown) => Array.isArray(v) && v.forEach((r) => typeof r === 'string' && out.add(r));
  add(claims.roles);
  add((claims.realm_access as { roles?: unknown } | undefined)?.roles);
  const ra = claims.resource_access as Record<string, { roles?: unknown }> | undefined;
  if (ra) for (const v of Object.values(ra)) add(v?.roles);
  return [...out];
}
