import { hostname, networkInterfaces } from 'node:os';
import type { IncomingMessage } from 'node:http';
import { isLoopbackHost, isLoopbackUrl } from '@afterglow/contracts';

/**
 * Which origins browsers may reach this deployment at, and which one to hand to whom.
 *
 * One machine at a venue is reached at several origins at once: `localhost` on the host's laptop,
 * the laptop's network address on guests' phones, maybe a hostname in front of it. Each origin a
 * request names (its Host, or X-Forwarded-Host from a trusted proxy) is used only when it is on the
 * allow-list: loopback, this machine's own addresses and names on our port, `PUBLIC_URL`, and the
 * extra origins configured in `AFTERGLOW_ORIGINS`. Anything else falls back to the default origin.
 */
export interface OriginPolicy {
  /** `https` when this process serves TLS itself (the one-machine HTTPS mode) */
  readonly scheme: 'http' | 'https';
  /** PUBLIC_URL's origin, or the local one */
  defaultOrigin(): string;
  /** `<scheme>://localhost:<port>`: where a browser on this computer opens it */
  localOrigin(): string;
  /** the configured public origin, if any */
  readonly publicOrigin: string | null;
  isAllowed(origin: string): boolean;
  /** the allowed origin this request was made to, or null */
  requestOrigin(req: RequestLike): string | null;
  /** the origin to send this browser back to: its own when allowed, else the default */
  browserOrigin(req: RequestLike): string;
  /**
   * The origin guests' phones should open (join links, QR codes): PUBLIC_URL when set; else the
   * request's own origin unless it is a loopback one; else this machine's first network address.
   */
  guestOrigin(req?: RequestLike): string;
  /** every non-internal IPv4 URL of this machine on our port (the "Network" lines at start) */
  networkUrls(): string[];
}

/** What origin decisions read of a request: Express's `protocol`/`host` honour trusted proxies. */
export interface RequestLike {
  headers: IncomingMessage['headers'];
  protocol?: string;
  host?: string;
  socket?: object;
}

export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.origin;
  } catch {
    return null;
  }
}

export interface MachineAddress {
  address: string;
  family: 'IPv4' | 'IPv6';
}

/** This machine's non-internal addresses, IPv4 first (what phones on the same Wi-Fi can reach). */
export function machineAddresses(): MachineAddress[] {
  const out: MachineAddress[] = [];
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? []) {
      if (a.internal) continue;
      // link-local IPv6 needs a zone id that browsers do not take in a URL
      if (a.family === 'IPv6' && /^fe80:/i.test(a.address)) continue;
      out.push({ address: a.address, family: a.family === 'IPv4' ? 'IPv4' : 'IPv6' });
    }
  return out.sort((x, y) => (x.family === y.family ? 0 : x.family === 'IPv4' ? -1 : 1));
}

const hostPart = (a: MachineAddress) => (a.family === 'IPv6' ? `[${a.address}]` : a.address);

export interface OriginPolicyOptions {
  /** the port this process listens on (read when needed: it may be known only after listening) */
  port: () => number;
  scheme: 'http' | 'https';
  publicUrl?: string;
  /** extra allowed origins (comma-separated in AFTERGLOW_ORIGINS) */
  extra?: string[];
  /** for tests: the machine's addresses */
  addresses?: () => MachineAddress[];
}

export function createOriginPolicy(o: OriginPolicyOptions): OriginPolicy {
  const publicOrigin = o.publicUrl ? originOf(o.publicUrl) : null;
  const extra = new Set((o.extra ?? []).map((e) => originOf(e.trim())).filter((e): e is string => !!e));
  const addresses = o.addresses ?? machineAddresses;
  // The machine's addresses change when the laptop moves to another network: read them again now and then.
  let cached: { at: number; list: MachineAddress[] } | null = null;
  const current = () => {
    if (!cached || Date.now() - cached.at > 5000) cached = { at: Date.now(), list: addresses() };
    return cached.list;
  };
  const at = (host: string) => originOf(`${o.scheme}://${host}:${o.port()}`)!;
  const name = hostname().toLowerCase();

  const isAllowed = (origin: string): boolean => {
    if (origin === publicOrigin || extra.has(origin)) return true;
    let u: URL;
    try {
      u = new URL(origin);
    } catch {
      return false;
    }
    if (u.origin !== origin || u.protocol !== `${o.scheme}:`) return false;
    if (u.port !== new URL(`${o.scheme}://x:${o.port()}`).port) return false;
    const h = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (isLoopbackHost(h)) return true;
    if (h === name || h === `${name}.local`) return true;
    return current().some((a) => a.address.toLowerCase() === h);
  };

  const requestOrigin = (req: RequestLike): string | null => {
    const proto =
      req.protocol ?? ((req.socket as { encrypted?: boolean } | undefined)?.encrypted ? 'https' : 'http');
    const host = req.host ?? req.headers.host;
    if (!host) return null;
    const origin = originOf(`${proto}://${host}`);
    return origin && isAllowed(origin) ? origin : null;
  };

  const localOrigin = () => at('localhost');
  const defaultOrigin = () => publicOrigin ?? localOrigin();
  const firstNetwork = () => {
    const a = current().find((x) => x.family === 'IPv4') ?? current()[0];
    return a ? at(hostPart(a)) : null;
  };

  return {
    scheme: o.scheme,
    publicOrigin,
    defaultOrigin,
    localOrigin,
    isAllowed,
    requestOrigin,
    browserOrigin: (req) => requestOrigin(req) ?? defaultOrigin(),
    guestOrigin(req) {
      if (publicOrigin) return publicOrigin;
      const own = req ? requestOrigin(req) : null;
      if (own && !isLoopbackUrl(own)) return own;
      return firstNetwork() ?? own ?? defaultOrigin();
    },
    networkUrls: () =>
      current()
        .filter((a) => a.family === 'IPv4')
        .map((a) => `${at(hostPart(a))}/`),
  };
}

/** The header the gateway sets (after dropping any a client sent) to tell services the guests' origin. */
export const GUEST_ORIGIN_HEADER = 'x-afterglow-guest-origin';

/** The origin guests open, as the gateway told it for this request; the policy's default without one. */
export function toldGuestOrigin(
  req: { headers: Record<string, string | string[] | undefined> },
  origins: Pick<OriginPolicy, 'guestOrigin'>,
): string {
  const told = req.headers[GUEST_ORIGIN_HEADER];
  return (typeof told === 'string' && originOf(told)) || origins.guestOrigin();
}
