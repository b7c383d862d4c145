import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlanByEmail } from '@afterglow/billing';
import { runFfmpeg } from '@afterglow/service-kit/ffmpeg';
import { PROFILES, provisionInfra, type Infra } from '../support/infra';
import {
  Browser,
  eventBody,
  liftEventLimit,
  loginThroughIdp,
  startApp,
  waitFor,
  type TestApp,
} from '../support/harness';

/**
 * The back office's Guestbook tab (ADRs 028, 034) through the real app, as the README starts it: the
 * admin API asks photos and events over the bus for guests' messages of every event, plays a voice
 * message through its signed URL, decides on entries as their host would, and the audit log says so.
 */
const PASSWORD = 'guestbook back office';

describe.each(PROFILES)("the back office's guestbook ($name)", ({ infra: useInfra }) => {
  let infra: Infra | null = null;
  let app: TestApp;
  let dir: string;
  let admin: Browser;
  let host: Browser;
  let event: { id: string; code: string; name: string };
  const tag = randomUUID().slice(0, 8);
  const ids: Record<'text' | 'voice', string> = {} as never;
  let recording: Buffer;

  const list = async (query: string) => {
    const r = await admin.json('GET', `/api/admin/guestbook${query}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { items: any[]; nextCursor: string | null };
  };
  const hostSees = async () =>
    (await host.json('GET', `/api/events/${event.id}/guestbook`)).body.entries.map((e: any) => [
      e.id,
      e.status,
    ]);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'afterglow-admin-guestbook-'));
    infra = useInfra ? await provisionInfra() : null;
    app = await startApp({ ...(infra?.env ?? {}), RATE_LIMIT_SCALE: '0' });
    await liftEventLimit(app);
    admin = new Browser(app.base);
    await loginThroughIdp(admin, 'admin@example.test', PASSWORD);
    host = new Browser(app.base);
    const hostEmail = `guestbook-host-${tag}@example.test`;
    await loginThroughIdp(host, hostEmail, PASSWORD);
    // voice messages are for Event Basic and above
    await waitFor(() =>
      setPlanByEmail(app.ctx.database.db, hostEmail, 'basic').then((n) => n === 1 || undefined),
    );
    event = (await host.json('POST', '/api/events', eventBody({ name: `Gina & Tom ${tag}` }))).body;
    const guest = new Browser(app.base);
    const deviceId = (
      await guest.json('POST', `/api/events/${event.code}/devices`, {
        anonId: randomUUID(),
        displayName: `Gina ${tag}`,
      })
    ).body.id;
    const written = await guest.json('POST', `/api/events/${event.code}/guestbook`, {
      deviceId,
      text: 'Congratulations to you both!',
    });
    expect(written.status).toBe(201);
    ids.text = written.body.id;
    // two seconds of a tone, as a browser records it (Opus in WebM)
    const file = join(dir, 'voice.webm');
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'libopus', file]);
    recording = await readFile(file);
    const fd = new FormData();
    fd.append('deviceId', deviceId);
    fd.append('audio', new Blob([new Uint8Array(recording)], { type: 'audio/webm' }), 'voice');
    const spoken = await guest.fetch(`/api/events/${event.code}/guestbook`, { method: 'POST', body: fd });
    expect(spoken.status).toBe(201);
    ids.voice = ((await spoken.json()) as { id: string }).id;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await infra?.teardown();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("lists every event's messages with their event, by search and status, and plays a recording", async () => {
    // the event's name finds its messages, the guest's name and the text theirs
    const byEvent = await list(`?search=${encodeURIComponent(`Gina & Tom ${tag}`)}`);
    expect(byEvent.items.map((e) => e.id)).toEqual([ids.voice, ids.text]);
    expect(byEvent.items[1]).toMatchObject({
      eventId: event.id,
      eventName: `Gina & Tom ${tag}`,
      eventCode: event.code,
      kind: 'text',
      text: 'Congratulations to you both!',
      audioUrl: null,
      author: `Gina ${tag}`,
      status: 'pending',
      reportCount: 0,
      held: false,
    });
    const voice = byEvent.items[0];
    expect(voice).toMatchObject({ kind: 'voice', text: null, author: `Gina ${tag}` });
    expect(voice.durationMs).toBeGreaterThan(1500);
    expect((await list(`?search=gina%20${tag}&filter=pending`)).items.map((e) => e.id)).toEqual([
      ids.voice,
      ids.text,
    ]);
    expect((await list(`?search=${tag}&filter=approved`)).items).toEqual([]);
    // the recording through its signed URL, as the page's <audio> asks for it
    const played = await admin.fetch(voice.audioUrl);
    expect(played.status).toBe(200);
    expect(Buffer.from(await played.arrayBuffer()).equals(recording)).toBe(true);
  });

  it('approves and deletes as the host would, each in the audit log', async () => {
    const decide = (id: string, action: string) =>
      admin.json('POST', `/api/admin/guestbook/${id}/moderate`, { action });
    const approved = await decide(ids.text, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({
      id: ids.text,
      eventId: event.id,
      status: 'approved',
      held: false,
      deleted: false,
    });
    const audioUrl = (await list(`?search=${tag}`)).items.find((e) => e.id === ids.voice).audioUrl;
    const deleted = await decide(ids.voice, 'delete');
    expect(deleted.body).toMatchObject({ id: ids.voice, status: null, deleted: true });
    // the host sees what the admin decided; the recording is gone with its entry
    expect(await hostSees()).toEqual([[ids.text, 'approved']]);
    const keys: string[] = [];
    for await (const o of app.ctx.store.list(`events/${event.id}/guestbook/`)) keys.push(o.key);
    expect(keys).toEqual([]);
    expect((await admin.fetch(audioUrl)).status).toBe(404);
    expect((await decide(ids.voice, 'delete')).status).toBe(404);

    const activity = (await admin.json('GET', '/api/admin/activity')).body.items;
    const mine = activity.filter((a: any) => a.targetId === ids.text || a.targetId === ids.voice);
    expect(mine.map((a: any) => [a.action, a.targetId, a.actorRole, a.actorEmail, a.targetLabel])).toEqual([
      [
        'guestbook.deleted',
        ids.voice,
        'admin',
        'admin@example.test',
        `Message in Gina & Tom ${tag} (${event.code})`,
      ],
      [
        'guestbook.approved',
        ids.text,
        'admin',
        'admin@example.test',
        `Message in Gina & Tom ${tag} (${event.code})`,
      ],
    ]);
  });
});
