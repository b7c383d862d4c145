import type { Server } from 'node:http';
import { isLoopbackUrl } from '@afterglow/contracts';
import type { OriginPolicy } from '@afterglow/service-kit';

export interface StartUrls {
  /** where this computer's browser opens Afterglow */
  local: string;
  /** where phones on the same network open it (every non-internal IPv4 address) */
  network: string[];
  /** the configured public origin, when there is one */
  public: string | null;
}

export function startUrls(origins: OriginPolicy): StartUrls {
  const local = `${origins.localOrigin()}/`;
  const pub = origins.publicOrigin;
  return {
    local: pub && isLoopbackUrl(pub) ? `${pub}/` : local,
    network: origins.networkUrls(),
    public: pub && !isLoopbackUrl(pub) ? `${pub}/` : null,
  };
}

/**
 * Where a process without the gateway listens: its own address (people open the gateway's public URL,
 * which this process does not serve).
 */
export function listeningUrl(server: Server, scheme: string): string {
  const a = server.address();
  if (!a || typeof a === 'string') return String(a);
  return `${scheme}://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}`;
}

/** The lines a person sees once Afterglow is ready, like the dev servers they know. */
export function banner(u: StartUrls): string {
  const c = process.stdout.isTTY
    ? {
        b: (s: string) => `\x1b[1m${s}\x1b[22m`,
        cyan: (s: string) => `\x1b[36m${s}\x1b[39m`,
        dim: (s: string) => `\x1b[2m${s}\x1b[22m`,
      }
    : { b: (s: string) => s, cyan: (s: string) => s, dim: (s: string) => s };
  const lines = ['', `  ${c.b('Afterglow')} is ready`, ''];
  lines.push(`  ➜  ${c.b('Local:')}   ${c.cyan(u.local)}`);
  if (u.public) lines.push(`  ➜  ${c.b('Public:')}  ${c.cyan(u.public)}`);
  for (const n of u.network) lines.push(`  ➜  ${c.b('Network:')} ${c.cyan(n)}`);
  if (!u.network.length && !u.public)
    lines.push(`  ➜  ${c.b('Network:')} ${c.dim('none: connect to a network so guests’ phones can join')}`);
  else
    lines.push(
      '',
      c.dim('  Guests’ phones on the same Wi-Fi join through the Network address (QR codes use it).'),
    );
  lines.push('', c.dim('  Press Ctrl-C to stop.'), '');
  return lines.join('\n');
}
