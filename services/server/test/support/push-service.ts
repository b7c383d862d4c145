import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { freePort } from './free-port';

export interface Delivered {
  id: string;
  /** the decrypted payload */
  payload: unknown;
  /** the VAPID JWT's claims, after its signature was verified with the key the request named */
  claims: { aud: string; exp: number; sub: string };
  ttl: string | undefined;
}

const b64u = (b: Buffer) => b.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * A Web Push service for tests (RFC 8030), on a free loopback port: it hands out subscriptions (each
 * with its own P-256 key pair and auth secret, as a browser makes them), and for each push it receives
 * checks the VAPID authorization (RFC 8292: an ES256 JWT for this origin, signed by the key in `k`)
 * and decrypts the aes128gcm payload (RFC 8188, RFC 8291) with the subscription's private key.
 * `answer(id, status)` makes it answer a subscription with, say, 410 Gone.
 */
export class TestPushService {
  readonly delivered: Delivered[] = [];
  readonly refused: { id: string; reason: string }[] = [];
  private readonly subs = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  private readonly answers = new Map<string, number>();
  private server!: Server;

  private constructor(readonly port: number) {}

  static async start(): Promise<TestPushService> {
    const s = new TestPushService(await freePort());
    s.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const id = (req.url ?? '').split('/').pop() ?? '';
        const status = s.answers.get(id);
        if (status) {
          res.writeHead(status).end();
          return;
        }
        try {
          s.delivered.push(s.receive(id, req.headers, Buffer.concat(chunks)));
          res.writeHead(201).end();
        } catch (err) {
          s.refused.push({ id, reason: String((err as Error).message) });
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((r) => s.server.listen(s.port, '127.0.0.1', () => r()));
    return s;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** A subscription as `PushSubscription.toJSON()` gives it. */
  subscribe(): { id: string; endpoint: string; keys: { p256dh: string; auth: string } } {
    const id = b64u(randomBytes(9));
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.subs.set(id, { ecdh, auth });
    return {
      id,
      endpoint: `${this.origin}/push/${id}`,
      keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
    };
  }

  answer(id: string, status: number): void {
    this.answers.set(id, status);
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private receive(
    id: string,
    headers: Record<string, string | string[] | undefined>,
    body: Buffer,
  ): Delivered {
    const sub = this.subs.get(id);
    if (!sub) throw new Error('unknown subscription');
    if (headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
    // VAPID: `vapid t=<jwt>, k=<the application server's public key>`
    const auth = String(headers.authorization ?? '');
    const m = auth.match(/^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/);
    if (!m) throw new Error(`no vapid authorization: ${auth}`);
    const [h, p, sig] = m[1]!.split('.');
    const header = JSON.parse(Buffer.from(h!, 'base64url').toString());
    if (header.alg !== 'ES256') throw new Error('not ES256');
    const point = Buffer.from(m[2]!, 'base64url');
    const key = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
      format: 'jwk',
    });
    const ok = verify(
      'sha256',
      Buffer.from(`${h}.${p}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(sig!, 'base64url'),
    );
    if (!ok) throw new Error('bad VAPID signature');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    if (claims.aud !== this.origin) throw new Error(`aud ${claims.aud}`);
    if (!(claims.exp * 1000 > Date.now() && claims.exp * 1000 <= Date.now() + 24 * 3600_000 + 60_000))
      throw new Error('bad exp');
    // aes128gcm: salt(16) rs(4) idlen(1) keyid(the sender's ephemeral public key) ciphertext
    const salt = body.subarray(0, 16);
    const idlen = body[20]!;
    const asPublic = body.subarray(21, 21 + idlen);
    const ciphertext = body.subarray(21 + idlen);
    const uaPublic = sub.ecdh.getPublicKey();
    const ecdhSecret = sub.ecdh.computeSecret(asPublic);
    const prkKey = hmac(sub.auth, ecdhSecret);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
    const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
    const prk = hmac(salt, ikm);
    const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
    const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const padded = Buffer.concat([
      decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
      decipher.final(),
    ]);
    // the last record ends with the delimiter 0x02, then zero padding
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 2) throw new Error('no record delimiter');
    return {
      id,
      payload: JSON.parse(padded.subarray(0, end).toString('utf8')),
      claims,
      ttl: headers.ttl as string | undefined,
    };
  }
}
