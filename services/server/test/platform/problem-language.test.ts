import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_MESSAGES, HttpError } from '@afterglow/contracts';
import { Browser, eventBody, loginThroughIdp, startApp, type TestApp } from '../support/harness';

/**
 * What the server writes for a person follows their language (ADR 032): problem+json answers (title,
 * detail, field messages) and the sign-in page, in the language picked in the web app's menu (its
 * cookie), else the browser's Accept-Language, else English exactly as before.
 */
describe('the language of problems and server pages', () => {
  let app: TestApp;
  let host: Browser;
  let other: Browser;
  let eventId = '';

  beforeAll(async () => {
    app = await startApp();
    host = new Browser(app.base);
    other = new Browser(app.base);
    await loginThroughIdp(host, 'sprache@example.test', 'ein gutes passwort');
    await loginThroughIdp(other, 'autre@example.test', 'un bon mot de passe');
    const made = await host.json('POST', '/api/events', eventBody({ name: 'Sommerfest' }));
    expect(made.status).toBe(201);
    eventId = made.body.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  /** One request as `b` with extra headers: status, Content-Language and the body as text. */
  const ask = async (
    b: Browser,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ) => {
    const res = await b.fetch(path, {
      method,
      headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, language: res.headers.get('content-language'), text: await res.text() };
  };
  const unknownEvent = '/api/events/by-code/ZZZZZZ';
  const notHost = (b: Browser, headers: Record<string, string>) =>
    ask(b, 'PATCH', `/api/events/${eventId}`, headers, { language: 'de' });
  const noName = (headers: Record<string, string>) =>
    ask(host, 'POST', '/api/events', headers, eventBody({ name: '' }));

  it('answers in German for Accept-Language: de-DE', async () => {
    const de = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' };
    const missing = await ask(new Browser(app.base), 'GET', unknownEvent, de);
    expect(missing.status).toBe(404);
    expect(missing.language).toBe('de');
    expect(JSON.parse(missing.text)).toMatchObject({
      title: 'Nicht gefunden',
      detail: 'Event nicht gefunden',
      error: 'Event nicht gefunden',
      code: 'event_not_found',
      status: 404,
    });

    const refused = await notHost(other, de);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toMatchObject({
      title: 'Verboten',
      detail: 'Nur der Gastgeber kann dieses Event ändern',
      code: 'not_host',
    });

    const invalid = await noName(de);
    expect(invalid.status).toBe(400);
    const problem = JSON.parse(invalid.text);
    expect(problem).toMatchObject({
      title: 'Ungültige Anfrage',
      code: 'validation_failed',
      detail: 'Eventname ist erforderlich',
    });
    expect(problem.errors).toContainEqual({ path: 'name', message: 'Eventname ist erforderlich' });
  });

  it('answers in the language picked in the menu (its cookie) over Accept-Language', async () => {
    const picked = new Browser(app.base);
    picked.cookies.set('afterglow-language', 'fr');
    const fr = { 'accept-language': 'de' };
    const missing = await ask(picked, 'GET', unknownEvent, fr);
    expect(missing.language).toBe('fr');
    expect(JSON.parse(missing.text)).toMatchObject({
      title: 'Introuvable',
      detail: 'Événement introuvable',
      code: 'event_not_found',
    });

    other.cookies.set('afterglow-language', 'fr');
    host.cookies.set('afterglow-language', 'fr');
    try {
      const refused = await notHost(other, fr);
      expect(JSON.parse(refused.text)).toMatchObject({
        title: 'Interdit',
        detail: 'Seul l’organisateur peut modifier cet événement',
      });
      const invalid = JSON.parse((await noName(fr)).text);
      expect(invalid.title).toBe('Requête incorrecte');
      expect(invalid.errors).toContainEqual({ path: 'name', message: 'Le nom de l’événement est requis' });
    } finally {
      other.cookies.delete('afterglow-language');
      host.cookies.delete('afterglow-language');
    }
  });

  it('answers English byte for byte as before when the request names no language of ours', async () => {
    const exactly = (
      status: number,
      code: string,
      detail: string,
      errors?: { path: string; message: string }[],
    ) => JSON.stringify(new HttpError(status, code, detail, errors).toProblem());
    const requests: Record<string, string>[] = [
      {}, // no preference (fetch sends `*`)
      { 'accept-language': 'en-US,en;q=0.9' },
      { 'accept-language': 'ja-JP' }, // none of ours
    ];
    for (const headers of requests) {
      const missing = await ask(new Browser(app.base), 'GET', unknownEvent, headers);
      expect(missing.text).toBe(exactly(404, 'event_not_found', 'Event not found'));
      expect(missing.language).toBe('en');
      expect((await notHost(other, headers)).text).toBe(
        exactly(403, 'not_host', 'Only the host can change this event'),
      );
      const invalid = await noName(headers);
      const { errors } = JSON.parse(invalid.text);
      expect(errors).toContainEqual({ path: 'name', message: EVENT_MESSAGES.nameRequired });
      expect(invalid.text).toBe(exactly(400, 'validation_failed', EVENT_MESSAGES.nameRequired, errors));
    }
  });

  it('shows the sign-in page in German for Accept-Language: de', async () => {
    const b = new Browser(app.base);
    const de = { 'accept-language': 'de' };
    // the way to the identity provider's page, each step asked in German
    let res = await b.fetch('/api/login', { headers: de });
    let url = `${app.base}/api/login`;
    for (let hops = 0; hops < 10 && res.status >= 300 && res.status < 400; hops++) {
      url = new URL(res.headers.get('location')!, url).href;
      res = await b.fetch(url, { headers: de });
    }
    expect(res.status).toBe(200);
    expect(res.headers.get('content-language')).toBe('de');
    const html = await res.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<title>Anmelden · Afterglow</title>');
    expect(html).toContain('Melde dich an, um deine Events zu veranstalten, oder erstelle ein Konto.');
    expect(html).toContain('<label for="password">Passwort</label>');
    expect(html).toContain('>Konto erstellen</button>');
    expect(html).not.toContain('Sign in to host your events');

    // a refused sign-up answers in German too
    const action = html.match(/action="([^"]+\/login)"/)![1]!.replace(/&#47;/g, '/');
    const short = await b.fetch(new URL(action, url).href, {
      method: 'POST',
      headers: { ...de, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'kurz@example.test', password: 'kurz', action: 'create' }),
    });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain('Wähle ein Passwort mit mindestens 8 Zeichen.');
  });

  it("shows a share link's not-found page in the asker's language", async () => {
    const page = await ask(new Browser(app.base), 'GET', '/share/event/no-such-gallery', {
      'accept-language': 'de',
    });
    expect(page.status).toBe(404);
    expect(page.language).toBe('de');
    expect(page.text).toContain('<html lang="de">');
    expect(page.text).toContain('<meta property="og:title" content="Galerie nicht gefunden">');
  });
});
