import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_DISPLAY_OFF, PROBLEM_TYPE } from '@afterglow/contracts';
import { PRINCIPAL_HEADER, createOriginPolicy, problemHandler, signPrincipal } from '@afterglow/service-kit';
import { useWorld } from '../test-support/world';
import { photosRouter } from './routes';

/** POST /api/events/{code}/screens/next over HTTP: what a venue screen's browser gets. */
describe('POST /api/events/{code}/screens/next', () => {
  const w = useWorld();
  const secret = randomBytes(32);
  let base = '';
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(photosRouter(w.app, secret, createOriginPolicy({ port: () => 0, scheme: 'http' })));
    app.use(problemHandler(w.logger));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((ok) => server.once('listening', ok));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const screenId = 'a-venue-screen-0001';
  const post = (code: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/events/${code}/screens/next`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const problemOf = async (res: Response) => {
    expect(res.headers.get('content-type')).toContain(PROBLEM_TYPE);
    return (await res.json()) as { status: number; code: string; detail: string; errors?: unknown[] };
  };

  it('answers the next photo to anyone while live mode is on', async () => {
    const e = w.event({ liveMode: true });
    const p = await w.photo(await w.device(e), { status: 'approved' });
    const res = await post(e.code, { screenId });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ photo: { id: p.id }, cycle: 1, shown: 1, total: 1, gone: [] });
  });

  it('refuses bodies that are not a screen asking', async () => {
    const e = w.event({ liveMode: true });
    const bad: unknown[] = [
      {},
      { screenId: 'short' },
      { screenId: 'has spaces in it, too many' },
      { screenId, showing: ['not-a-uuid'] },
      { screenId, showing: Array.from({ length: 25 }, () => crypto.randomUUID()) },
      '{not json',
    ];
    for (const body of bad) {
      const res = await post(e.code, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const p = await problemOf(res);
      expect(p.status).toBe(400);
      if (typeof body !== 'string') expect(p.errors?.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
  });

  it('says the live display is off while it is, even to the host, and 404 for no event', async () => {
    const e = w.event({ liveMode: false });
    const asHost = { [PRINCIPAL_HEADER]: signPrincipal(secret, w.host) };
    for (const headers of [{}, asHost]) {
      const res = await post(e.code, { screenId }, headers);
      expect(res.status).toBe(409);
      expect(await problemOf(res)).toMatchObject({ code: 'live_mode_off', detail: LIVE_DISPLAY_OFF });
    }
    const missing = await post('ZZZZZZ', { screenId });
    expect(missing.status).toBe(404);
    expect(await problemOf(missing)).toMatchObject({ code: 'event_not_found' });
  });
});
