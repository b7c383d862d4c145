import * as client from 'openid-client';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  /** embedded mode: reach our own issuer over loopback, whatever the public URL is */
  rewriteOrigin?: { from: string; to: string };
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
}

/**
 * The gateway as an OIDC relying party (BFF): authorization code + PKCE, tokens never reach the
 * browser. Works with the embedded provider and with Keycloak by configuration alone.
 */
export class OidcClient {
  private config: Promise<client.Configuration> | null = null;

  constructor(private readonly s: OidcSettings) {}

  private configuration(): Promise<client.Configuration> {
    if (!this.config) {
      const insecure = this.s.issuer.startsWith('http:');
      const rw = this.s.rewriteOrigin;
      const fetchImpl: client.CustomFetch | undefined = rw
        ? (url, options) =>
            fetch(url.startsWith(rw.from) ? rw.to + url.slice(rw.from.length) : url, options as RequestInit)
        : undefined;
      this.config = client
        .discovery(new URL(this.s.issuer), this.s.clientId, this.s.clientSecret, undefined, {
          ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
          ...(fetchImpl ? { [client.customFetch]: fetchImpl } : {}),
        })
        .catch((err) => {
          this.config = null; // try again on the next login
          throw err;
        });
    }
    return this.config;
  }

  async start(): Promise<LoginStart> {
    const config = await this.configuration();
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.s.redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, nonce, verifier };
  }

  async finish(
    currentUrl: URL,
    expected: { state: string; nonce: string; verifier: string },
  ): Promise<LoginResult> {
    const config = await this.configuration();
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
    };
  }

  async logoutUrl(idToken: string | undefined): Promise<string | null> {
    try {
      const config = await this.configuration();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return client.buildEndSessionUrl(config, {
        post_logout_redirect_uri: this.s.postLogoutRedirectUri,
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
