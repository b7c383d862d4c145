import { generateKeyPairSync, randomBytes, createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Secrets {
  secret: Buffer;
  /** only when asked for (the process runs the gateway with the embedded identity provider) */
  idpJwk?: Record<string, unknown>;
}

/**
 * The process secret and the embedded identity provider's signing key. From `AFTERGLOW_SECRET` when
 * set (every replica must share it); otherwise made once and kept in `<dataDir>/secrets.json` (0600),
 * so a restart keeps sessions' signatures, device cookies and issued links valid.
 */
export function loadSecrets(dataDir: string, envSecret?: string, needJwk = true): Secrets {
  const file = join(dataDir, 'secrets.json');
  let stored: { secret?: string; idpJwk?: Record<string, unknown> } = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8'));
  let changed = false;
  if (!envSecret && !stored.secret) {
    stored.secret = randomBytes(48).toString('base64url');
    changed = true;
  }
  if (needJwk && !stored.idpJwk) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = privateKey.export({ format: 'jwk' }) as Record<string, unknown>;
    jwk.kid = createHash('sha256').update(String(jwk.n)).digest('base64url').slice(0, 16);
    jwk.use = 'sig';
    jwk.alg = 'RS256';
    stored.idpJwk = jwk;
    changed = true;
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    // Written beside and renamed into place: processes sharing the data dir never read half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(stored, null, 2), { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, file);
  }
  return { secret: Buffer.from(envSecret ?? stored.secret!, 'utf8'), idpJwk: stored.idpJwk };
}
