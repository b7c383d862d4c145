/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are read loosely */
import { randomUUID } from 'node:crypto';
import http from 'node:http';

/** One keep-alive pool for the whole load process; each simulated guest brings its own cookies. */
export const agent = new http.Agent({ keepAlive: true, maxSockets: 1024, maxFreeSockets: 1024 });

export interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** A raw request on the shared pool: no body parsing, no redirects. */
export function request(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
  body?: Buffer | Buffer[],
): Promise<Answer> {
  const u = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: u.hostname, port: u.port, path: u.pathname + u.search, method, agent, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            headers: res.headers,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(120_000, () => req.destroy(new Error('request timed out')));
    for (const part of Array.isArray(body) ? body : body ? [body] : []) req.write(part);
    req.end();
  });
}

/** A browser stand-in with a cookie jar, for the host's and guests' JSON calls. */
export class Session {
  cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(a: Answer) {
    const set = a.headers['set-cookie'] ?? [];
    for (const line of set) {
      const [pair] = line.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async send(method: string, path: string, headers: Record<string, string | number> = {}, body?: Buffer) {
    const a = await request(
      this.base,
      method,
      path,
      { origin: this.base, ...(this.cookies.size ? { cookie: this.cookie() } : {}), ...headers },
      body,
    );
    this.keep(a);
    return a;
  }

  async json<T = Record<string, any>>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const a = await this.send(
      method,
      path,
      body === undefined ? {} : { 'content-type': 'application/json' },
      body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
    );
    return { status: a.status, body: (a.body ? JSON.parse(a.body) : undefined) as T };
  }

  /** Follows redirects with the jar, as a browser would. */
  async follow(
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
  ) {
    let url = new URL(path, this.base).href;
    let a = await this.send(init.method ?? 'GET', url, init.headers, init.body);
    for (let hops = 0; hops < 15 && a.status >= 300 && a.status < 400; hops++) {
      url = new URL(a.headers.location!, url).href;
      a = await this.send('GET', url);
    }
    return { answer: a, url };
  }

  /** Signs up (or in) at the embedded identity provider's own form, the way a person does. */
  async login(email: string, password: string, action: 'create' | 'signin'): Promise<void> {
    const { answer, url } = await this.follow('/api/login');
    const m = answer.body.match(/action="([^"]+\/login)"/);
    if (!m) throw new Error(`no login form at ${url} (${answer.status})`);
    const form = new URLSearchParams({ email, password, action, firstName: 'Bench', lastName: 'Host' });
    const done = await this.follow(new URL(m[1]!.replace(/&#47;/g, '/'), url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from(form.toString()),
    });
    if (!this.cookies.has('ag_session'))
      throw new Error(`login failed: ${done.answer.status} at ${done.url}`);
  }
}

export interface Guest {
  session: Session;
  code: string;
  deviceId: string;
}

export async function joinGuest(base: string, code: string, name: string): Promise<Guest> {
  const session = new Session(base);
  const r = await session.json('POST', `/api/events/${code}/devices`, {
    anonId: randomUUID(),
    displayName: name,
  });
  if (r.status !== 201 && r.status !== 200)
    throw new Error(`join ${code} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return { session, code, deviceId: r.body.id };
}

/** The multipart body a phone sends: deviceId, uploadId, then the JPEG, with no copy of the image. */
export function uploadParts(deviceId: string, uploadId: string, jpeg: Buffer) {
  const boundary = `----afterglow${uploadId.replace(/-/g, '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="deviceId"\r\n\r\n${deviceId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="uploadId"\r\n\r\n${uploadId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    parts: [head, jpeg, tail],
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + jpeg.length + tail.length,
    },
  };
}

export interface UploadResult {
  status: number;
  ms: number;
  photoId?: string;
  ackAt: number;
}

/** One photo from one guest; resolves when the answer is in (never rejects: a failure is a result). */
export async function upload(
  base: string,
  path: string,
  g: Guest,
  jpeg: Buffer,
  startedAt = performance.now(),
): Promise<UploadResult> {
  const { parts, headers } = uploadParts(g.deviceId, randomUUID(), jpeg);
  try {
    const a = await request(
      base,
      'POST',
      path || `/api/events/${g.code}/photos`,
      { ...headers, origin: base, cookie: g.session.cookie() },
      parts,
    );
    const ackAt = performance.now();
    let photoId: string | undefined;
    if (a.status < 300) photoId = (JSON.parse(a.body) as { photoId?: string }).photoId;
    return { status: a.status, ms: ackAt - startedAt, photoId, ackAt };
  } catch {
    const ackAt = performance.now();
    return { status: 0, ms: ackAt - startedAt, ackAt };
  }
}
