import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlanByEmail } from '@afterglow/billing';
import { PLAN_MESSAGES } from '@afterglow/contracts';
import { PROFILES, provisionInfra, type Infra } from '../support/infra';
import { Browser, eventBody, loginThroughIdp, startApp, waitFor, type TestApp } from '../support/harness';

/**
 * Events per plan (ADR 025): an account holds as many events as its plan's `eventsPerPlan` (billing's
 * answer), counted over the events created since it went on the plan (all of them on the free plan);
 * one more is refused with its own problem code, also when two are asked for at once.
 */
describe.each(PROFILES)('events per plan ($name)', ({ infra: useInfra }) => {
  let infra: Infra | null = null;
  let app: TestApp;
  const PASSWORD = 'one event per plan';
  const host = async (email: string, plan?: 'pro') => {
    const b = new Browser(app.base);
    await loginThroughIdp(b, email, PASSWORD);
    if (plan)
      await waitFor(() => setPlanByEmail(app.ctx.database.db, email, plan).then((n) => n === 1 || undefined));
    return b;
  };

  beforeAll(async () => {
    infra = useInfra ? await provisionInfra() : null;
    app = await startApp({ ...(infra?.env ?? {}), RATE_LIMIT_SCALE: '0' });
  });
  afterAll(async () => {
    await app?.close();
    await infra?.teardown();
  });

  it('gives the free plan its one event and refuses a second, as a problem with its own code', async () => {
    const free = await host('free-limit@example.test');
    expect((await free.json('POST', '/api/events', eventBody({ name: 'Demo' }))).status).toBe(201);
    const refused = await free.json('POST', '/api/events', eventBody({ name: 'Another' }));
    expect(refused.status).toBe(403);
    expect(refused.res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(refused.body).toMatchObject({
      status: 403,
      code: 'plan_event_limit',
      detail: PLAN_MESSAGES.eventLimit(1),
    });
    expect((await free.json('GET', '/api/user/events')).body).toHaveLength(1);
  });

  it('gives a paid plan its one event, which deleting it does not give back; the free demo can start over', async () => {
    const pro = await host('pro-limit@example.test', 'pro');
    const first = await pro.json('POST', '/api/events', eventBody({ name: 'Gala' }));
    expect(first.status).toBe(201);
    expect(first.body.maxPhotos).toBe(2000);
    expect((await pro.json('POST', '/api/events', eventBody())).body.code).toBe('plan_event_limit');
    expect((await pro.json('DELETE', `/api/events/${first.body.id}`)).status).toBe(204);
    expect((await pro.json('POST', '/api/events', eventBody({ name: 'Gala again' }))).body.code).toBe(
      'plan_event_limit',
    );
    const free = await host('free-again@example.test');
    const demo = await free.json('POST', '/api/events', eventBody({ name: 'Demo' }));
    expect((await free.json('DELETE', `/api/events/${demo.body.id}`)).status).toBe(204);
    expect((await free.json('POST', '/api/events', eventBody({ name: 'Demo again' }))).status).toBe(201);
  });

  it('takes exactly one of two events asked for at once', async () => {
    const both = await host('both-at-once@example.test');
    const answers = await Promise.all(
      ['One', 'Two', 'Three'].map((name) => both.json('POST', '/api/events', eventBody({ name }))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 403, 403]);
  });
});
