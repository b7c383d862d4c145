import { createServer } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '@afterglow/contracts';
import { answerStarting, answerUnreadable } from './listener';

/** The answers the launcher gives before express can: while starting, and to unreadable requests. */
describe('answers outside the app', () => {
  const server = createServer((_req, res) => answerStarting(res));
  server.on('clientError', answerUnreadable);
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const a = server.address();
    base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('answers 503 problem+json with Retry-After while the modules start', async () => {
    const r = await fetch(`${base}/api/events/by-code/ABCDEF`);
    expect(r.status).toBe(503);
    expect(r.headers.get('content-type')).toBe('application/problem+json');
    expect(r.headers.get('retry-after')).toBe('1');
    expect(problemSchema.parse(await r.json())).toMatchObject({
      status: 503,
      title: 'Service Unavailable',
      code: 'starting',
      detail: 'Afterglow is starting',
    });
  });

  it('answers a request it cannot read with the same problem shape, then closes', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const s = connect(Number(new URL(base).port), '127.0.0.1', () => s.write('NONSENSE\r\n\r\n'));
      let text = '';
      s.on('data', (d) => (text += d));
      s.on('end', () => resolve(text));
      s.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head).toContain('Content-Type: application/problem+json');
    expect(head).toContain('Connection: close');
    expect(problemSchema.parse(JSON.parse(body!))).toMatchObject({ status: 400, code: 'bad_request' });
  });
});
