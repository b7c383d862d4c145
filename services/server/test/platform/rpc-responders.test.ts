import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPC } from '@afterglow/contracts';
import { startApp, type TestApp } from '../support/harness';

/**
 * Every request/reply subject in the contracts has a service that answers it: a subject nobody
 * answers (a renamed or dropped responder, a constant left behind) fails here, not in production.
 */
describe('every RPC subject has a responder', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each(Object.entries(RPC))('%s (%s) is answered by a service of the product', async (_name, subject) => {
    // An empty request may well be refused (a 4xx from the responder); only "nobody there" fails.
    const outcome = await app.ctx.bus.request(subject, {}, { timeoutMs: 5000 }).then(
      () => 'answered',
      (err: { code?: string }) => err.code ?? 'error',
    );
    expect(outcome, subject).not.toBe('no_responders');
    expect(outcome, subject).not.toBe('timeout');
  });
});
