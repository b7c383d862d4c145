import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startApp, type TestApp } from '../support/harness';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  socket: Socket;
  ms: number;
}

/** One request through `agent`, answering the socket it went over (to tell reuse from a new one). */
function send(agent: Agent, base: string, method: string, path: string, body?: Buffer): Promise<Answer> {
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, base),
      {
        method,
        agent,
        headers: body
          ? {
              'content-type': 'multipart/form-data; boundary=afterglow-test',
              'content-length': body.length,
            }
          : {},
        timeout: 10_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: text,
            socket: req.socket as Socket,
            ms: Date.now() - t0,
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in 10 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A gateway alone whose services are not running (the distributed profile with the photos process
 * down): an upload is answered 503 and the connection it came on stays usable.
 */
describe('the gateway while a service is down', () => {
  let app: TestApp;

  beforeAll(async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    app = await startApp(
      {
        AFTERGLOW_EVENTS_URL: dead,
        AFTERGLOW_PHOTOS_URL: dead,
        AFTERGLOW_ADMIN_URL: dead,
        AFTERGLOW_BILLING_URL: dead,
        AFTERGLOW_NOTIFY_URL: dead,
        AFTERGLOW_REALTIME_URL: dead,
      },
      'gateway',
    );
  });
  afterAll(() => app?.close());

  it('answers an upload 503 and the next request on the same keep-alive connection at once', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const photo = Buffer.alloc(350 * 1024, 0x61);
      const up = await send(agent, app.base, 'POST', '/api/events/ABCDEF/photos', photo);
      expect(up.status).toBe(503);
      expect(up.headers['content-type']).toContain('application/problem+json');
      expect(JSON.parse(up.body)).toMatchObject({ status: 503, code: 'unavailable' });

      const next = await send(agent, app.base, 'GET', '/livez');
      expect(next.status).toBe(200);
      expect(next.ms).toBeLessThan(2000);
      // the same connection, read to the end of the refused body and ready for the next request
      expect(next.socket).toBe(up.socket);
    } finally {
      agent.destroy();
    }
  });
});
