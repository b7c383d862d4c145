import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_LANGUAGE_MESSAGE, LANGUAGES } from '@afterglow/contracts';
import { Browser, eventBody, loginThroughIdp, startApp, type TestApp } from '../support/harness';

/** An event's language: chosen at creation, changed later by its host, read by anyone with the code. */
describe("an event's language", () => {
  let app: TestApp;
  let host: Browser;
  let other: Browser;

  beforeAll(async () => {
    app = await startApp();
    host = new Browser(app.base);
    other = new Browser(app.base);
    await loginThroughIdp(host, 'langue@example.test', 'une fête en français');
    await loginThroughIdp(other, 'someone-else@example.test', 'not the host here');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is English unless the host says otherwise, and one of the ten', async () => {
    expect(LANGUAGES).toHaveLength(10);
    const plain = await host.json('POST', '/api/events', eventBody({ name: 'Plain Party' }));
    expect(plain.status).toBe(201);
    expect(plain.body.language).toBe('en');
    const bad = await other.json('POST', '/api/events', eventBody({ language: 'xx' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual(expect.objectContaining({ message: EVENT_LANGUAGE_MESSAGE }));
  });

  it('is set at creation, shown to guests with the code, and changed by the host alone', async () => {
    const made = await other.json('POST', '/api/events', eventBody({ name: 'Soirée', language: 'fr' }));
    expect(made.status).toBe(201);
    expect(made.body.language).toBe('fr');
    const guest = new Browser(app.base);
    expect((await guest.json('GET', `/api/events/by-code/${made.body.code}`)).body.language).toBe('fr');

    const changed = await other.json('PATCH', `/api/events/${made.body.id}`, { language: 'pt-BR' });
    expect(changed.status).toBe(200);
    expect(changed.body.language).toBe('pt-BR');
    expect((await guest.json('GET', `/api/events/by-code/${made.body.code}`)).body.language).toBe('pt-BR');

    expect((await host.json('PATCH', `/api/events/${made.body.id}`, { language: 'de' })).status).toBe(403);
    expect((await guest.json('PATCH', `/api/events/${made.body.id}`, { language: 'de' })).status).toBe(401);
    const nothing = await other.json('PATCH', `/api/events/${made.body.id}`, {});
    expect(nothing.status).toBe(400);
    const unknown = await other.json('PATCH', `/api/events/${made.body.id}`, { language: 'klingon' });
    expect(unknown.status).toBe(400);
    expect((await guest.json('GET', `/api/events/by-code/${made.body.code}`)).body.language).toBe('pt-BR');
  });
});
