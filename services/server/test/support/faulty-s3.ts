import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3rverCtor, S3rverInstance } from './infra';

export type S3Mode = 'up' | 'refuse-writes' | 'down';

/**
 * An S3-compatible server (s3rver) behind a switch: 'up' passes everything through, 'refuse-writes'
 * answers every PUT with S3's own 503 SlowDown, 'down' closes the port (connections refused).
 */
export class FaultyS3 {
  private s3: S3rverInstance | null = null;
  private dir = '';
  private backend = 0;
  private proxy: Server | null = null;
  private sockets = new Set<Socket>();
  mode: S3Mode = 'up';

  constructor(readonly port: number) {}

  get env(): Record<string, string> {
    return {
      S3_ENDPOINT: `http://127.0.0.1:${this.port}`,
      S3_BUCKET: 'afterglow-faults',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
  }

  async start(): Promise<void> {
    const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverCtor;
    this.dir = await mkdtemp(join(tmpdir(), 'afterglow-faulty-s3-'));
    this.s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: this.dir,
      configureBuckets: [],
    });
    this.backend = (await this.s3.run()).port;
    await this.listen();
  }

  private async listen(): Promise<void> {
    const proxy = createServer((req, res) => {
      if (this.mode === 'refuse-writes' && req.method === 'PUT') {
        req.resume();
        res.writeHead(503, { 'content-type': 'application/xml' });
        res.end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>',
        );
        return;
      }
      const up = request(
        { host: '127.0.0.1', port: this.backend, method: req.method, path: req.url, headers: req.headers },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      up.on('error', () => res.destroy());
      req.pipe(up);
    });
    proxy.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((ok, fail) => {
      proxy.once('error', fail);
      proxy.listen(this.port, '127.0.0.1', () => ok());
    });
    this.proxy = proxy;
  }

  /** Stops answering at all: the port is closed and open connections are cut. */
  async down(): Promise<void> {
    this.mode = 'down';
    const p = this.proxy;
    this.proxy = null;
    if (!p) return;
    const closed = new Promise<void>((r) => p.close(() => r()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }

  async up(): Promise<void> {
    this.mode = 'up';
    if (!this.proxy) await this.listen();
  }

  async stop(): Promise<void> {
    await this.down();
    await this.s3?.close().catch(() => {});
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }
}
