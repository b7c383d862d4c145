import { X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { machineAddresses } from '@afterglow/service-kit';

export interface Certificate {
  key: string;
  cert: string;
  /** SHA-256 fingerprint, as browsers show it */
  fingerprint: string;
  /** DNS names and addresses the certificate is valid for */
  names: string[];
  created: boolean;
}

/** The names and addresses this machine is reached at: localhost, its host name, every address. */
export function machineNames(): { dns: string[]; ips: string[] } {
  const name = hostname().toLowerCase();
  const dns = [...new Set(['localhost', name, `${name}.local`])];
  const ips = ['127.0.0.1', '::1', ...machineAddresses().map((a) => a.address)];
  return { dns, ips: [...new Set(ips)] };
}

function namesOf(cert: X509Certificate): Set<string> {
  const out = new Set<string>();
  for (const part of (cert.subjectAltName ?? '').split(/,\s*/)) {
    const m = /^(DNS|IP Address):(.+)$/.exec(part.trim());
    if (m) out.add(m[2]!.toLowerCase());
  }
  return out;
}

/**
 * The one-machine HTTPS mode's certificate: made once into `<dataDir>/tls/` for this machine's names
 * and addresses, and made again only when it expires within 30 days or the machine has an address it
 * does not cover (the laptop moved to the venue's network). Phones are asked once to accept it.
 */
export async function selfSignedCertificate(dataDir: string): Promise<Certificate> {
  const dir = join(dataDir, 'tls');
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  const want = machineNames();
  if (existsSync(keyFile) && existsSync(certFile)) {
    const key = readFileSync(keyFile, 'utf8');
    const cert = readFileSync(certFile, 'utf8');
    try {
      const x = new X509Certificate(cert);
      const have = namesOf(x);
      const covers = [...want.dns, ...want.ips].every((n) => have.has(n.toLowerCase()));
      const fresh = Date.parse(x.validTo) - Date.now() > 30 * 86_400_000;
      if (covers && fresh)
        return { key, cert, fingerprint: x.fingerprint256, names: [...have], created: false };
    } catch {
      // unreadable: make a new one below
    }
  }
  const now = new Date();
  const made = await generate(
    [
      { name: 'commonName', value: want.dns[1] ?? 'localhost' },
      { name: 'organizationName', value: 'Afterglow (this machine)' },
    ],
    {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notBeforeDate: new Date(now.getTime() - 86_400_000),
      // browsers refuse server certificates valid for more than 398 days
      notAfterDate: new Date(now.getTime() + 397 * 86_400_000),
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [
            ...want.dns.map((value) => ({ type: 2 as const, value })),
            ...want.ips.map((ip) => ({ type: 7 as const, ip })),
          ],
        },
      ],
    },
  );
  mkdirSync(dir, { recursive: true });
  writeFileSync(keyFile, made.private, { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  writeFileSync(certFile, made.cert);
  const x = new X509Certificate(made.cert);
  return {
    key: made.private,
    cert: made.cert,
    fingerprint: x.fingerprint256,
    names: [...namesOf(x)],
    created: true,
  };
}
