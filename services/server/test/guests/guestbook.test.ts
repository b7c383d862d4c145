import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GUESTBOOK_CODES,
  GUESTBOOK_CSV_COLUMNS,
  GUESTBOOK_CSV_NAME,
  GUESTBOOK_MESSAGES,
  GUESTBOOK_TEXT_MAX,
} from '@afterglow/contracts';
import { setPlanByEmail } from '@afterglow/billing';
import type { Retention } from '@afterglow/events';
import { runFfmpeg } from '@afterglow/service-kit/ffmpeg';
import { parseCsv, readZip } from '../../../photos/src/test-support/zip-reader';
import { PROFILES, provisionInfra, type Infra } from '../support/infra';
import {
  Browser,
  eventBody,
  liftEventLimit,
  loginThroughIdp,
  makeJpeg,
  shotsTakenBy,
  startApp,
  waitFor,
  type TestApp,
} from '../support/harness';

// The guestbook (issue 23) from outside, as guests' phones and the host's dashboard use it: written
// and recorded messages (recorded here by ffmpeg as a browser's MediaRecorder writes them: Opus in
// WebM, AAC in MP4), the host's decisions, the reveal, reports, the author taking one back, the
// export, and retention taking everything with the event.

const DAY = 24 * 3600_000;
let dir: string;

/** `seconds` of a tone, as a browser records a voice message: Opus in WebM, or AAC in MP4 (Safari). */
async function record(seconds: number, as: 'webm' | 'm4a' = 'webm'): Promise<Buffer> {
  const file = join(dir, `voice-${seconds}-${randomUUID()}.${as}`);
  await runFfmpeg([
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:a', as === 'webm' ? 'libopus' : 'aac', '-b:a', '32k', file,
  ]); // prettier-ignore
  return readFile(file);
}

/** A short clip with moving pictures and sound: a video, not a voice message. */
async function video(): Promise<Buffer> {
  const file = join(dir, `video-${randomUUID()}.webm`);
  await runFfmpeg([
    '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10:duration=2',
    '-f', 'lavfi', '-i', 'sine=duration=2',
    '-c:v', 'libvpx', '-deadline', 'realtime', '-c:a', 'libopus', '-shortest', file,
  ]); // prettier-ignore
  return readFile(file);
}

describe.each(PROFILES)(
  'the guestbook: written and voice messages for the hosts ($name)',
  ({ infra: useInfra }) => {
    let infra: Infra | null = null;
    let app: TestApp;
    let host: Browser;
    let guest: Browser;
    let other: Browser;
    let event: any;
    let deviceId: string;
    let otherDeviceId: string;
    let voice: Buffer;
    const ids: Record<string, string> = {};

    const path = (e = event) => `/api/events/${e.code}/guestbook`;
    const write = (who: Browser, body: Record<string, unknown>, e = event) => who.json('POST', path(e), body);
    const speak = async (who: Browser, device: string, audio: Buffer, e = event, type = 'audio/webm') => {
      const fd = new FormData();
      fd.append('deviceId', device);
      fd.append('audio', new Blob([new Uint8Array(audio)], { type }), 'voice');
      const res = await who.fetch(path(e), { method: 'POST', body: fd });
      return { status: res.status, type: res.headers.get('content-type'), body: await res.json() };
    };
    const hostList = async (query = '') => {
      const r = await host.json('GET', `/api/events/${event.id}/guestbook${query}`);
      expect(r.status).toBe(200);
      return r.body;
    };
    const objects = async (eventId: string) => {
      const keys: string[] = [];
      for await (const o of app.ctx.store.list(`events/${eventId}/guestbook/`)) keys.push(o.key);
      return keys;
    };

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'afterglow-guestbook-'));
      infra = useInfra ? await provisionInfra() : null;
      // as the README starts it: default limits, no PUBLIC_URL
      app = await startApp(infra?.env ?? {});
      await liftEventLimit(app);
      host = new Browser(app.base);
      await loginThroughIdp(host, 'guestbook-host@example.test', 'messages for the couple');
      await waitFor(() =>
        setPlanByEmail(app.ctx.database.db, 'guestbook-host@example.test', 'basic').then(
          (n) => n === 1 || undefined,
        ),
      );
      const made = await host.json('POST', '/api/events', eventBody({ name: 'Gina & Tom' }));
      expect(made.status).toBe(201);
      event = made.body;
      guest = new Browser(app.base);
      deviceId = (
        await guest.json('POST', `/api/events/${event.code}/devices`, {
          anonId: randomUUID(),
          displayName: 'Gina',
        })
      ).body.id;
      other = new Browser(app.base);
      otherDeviceId = (
        await other.json('POST', `/api/events/${event.code}/devices`, { anonId: randomUUID() })
      ).body.id;
      voice = await record(3);
    }, 120_000);
    afterAll(async () => {
      await app?.close();
      await infra?.teardown();
      await rm(dir, { recursive: true, force: true });
    });

    it('takes a written and a recorded message, waiting for the host, using no shot', async () => {
      const uploadId = randomUUID();
      const text = await write(guest, { deviceId, text: '  Congratulations, you two! 🎉  ', uploadId });
      expect(text.status).toBe(201);
      expect(text.body).toEqual({ id: expect.any(String), status: 'pending' });
      ids.text = text.body.id;
      // sent again from the offline queue: the same message, once
      const again = await write(guest, { deviceId, text: 'Congratulations, you two! 🎉', uploadId });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ id: ids.text, replayed: true });

      const spoken = await speak(guest, deviceId, voice);
      expect(spoken.status).toBe(201);
      expect(spoken.body).toEqual({ id: expect.any(String), status: 'pending' });
      ids.voice = spoken.body.id;
      // Safari records AAC in MP4
      const safari = await speak(other, otherDeviceId, await record(2, 'm4a'), event, 'audio/mp4');
      expect(safari.status).toBe(201);
      ids.safari = safari.body.id;
      expect(await shotsTakenBy(guest, deviceId)).toBe(0);

      // the host hears it as it was recorded, measured on the file
      const list = await hostList();
      expect(list.entries.map((x: any) => x.id)).toEqual([ids.safari, ids.voice, ids.text]);
      const [m4a, webm, written] = list.entries;
      expect(written).toMatchObject({
        eventId: event.id,
        kind: 'text',
        text: 'Congratulations, you two! 🎉',
        audioUrl: null,
        durationMs: null,
        deviceName: 'Gina',
        author: 'Gina',
        status: 'pending',
        reportCount: 0,
        held: false,
      });
      expect(webm).toMatchObject({ kind: 'voice', text: null, deviceName: 'Gina', status: 'pending' });
      expect(Math.abs(webm.durationMs - 3000)).toBeLessThan(150);
      const heard = await host.fetch(webm.audioUrl);
      expect(heard.headers.get('content-type')).toBe('audio/webm');
      expect(Buffer.from(await heard.arrayBuffer()).equals(voice)).toBe(true);
      expect(m4a).toMatchObject({
        kind: 'voice',
        deviceName: null,
        author: expect.stringMatching(/^Guest /),
      });
      expect((await host.fetch(m4a.audioUrl)).headers.get('content-type')).toBe('audio/mp4');
      expect(await objects(event.id)).toHaveLength(2);
      expect((await hostList('?status=approved')).entries).toEqual([]);

      // before the host decides and before the reveal, guests see none of it, but their own
      const seen = await guest.json('GET', path());
      expect(seen.body).toMatchObject({ entries: [], revealed: false, liveMode: false, voiceMessages: true });
      expect(seen.body.mine.map((x: any) => [x.id, x.status])).toEqual([
        [ids.voice, 'pending'],
        [ids.text, 'pending'],
      ]);
      const anon = await new Browser(app.base).json('GET', path());
      expect(anon.body.entries).toEqual([]);
      expect(anon.body.mine).toBeUndefined();
    });

    it('refuses a message over 500 characters, a recording over a minute, a file that is not audio, voice on the free plan', async () => {
      const before = await objects(event.id);
      const long = await write(guest, { deviceId, text: 'x'.repeat(GUESTBOOK_TEXT_MAX + 1) });
      expect(long.status).toBe(400);
      expect(long.res.headers.get('content-type')).toContain('application/problem+json');
      expect(long.body.errors[0]).toMatchObject({ path: 'text', message: GUESTBOOK_MESSAGES.textMax });
      // characters as people count them: 500 emoji are 500 characters
      const emoji = await write(guest, { deviceId, text: '🥂'.repeat(GUESTBOOK_TEXT_MAX) });
      expect(emoji.status).toBe(201);
      ids.emoji = emoji.body.id;
      const blank = await write(guest, { deviceId, text: ' \n ' });
      expect(blank.status).toBe(400);
      expect(blank.body.errors[0].message).toBe(GUESTBOOK_MESSAGES.textRequired);

      const tooLong = await speak(guest, deviceId, await record(65));
      expect(tooLong.status).toBe(422);
      expect(tooLong.type).toContain('application/problem+json');
      expect(tooLong.body).toMatchObject({
        code: GUESTBOOK_CODES.audioTooLong,
        detail: GUESTBOOK_MESSAGES.audioTooLong,
      });
      for (const notAudio of [await makeJpeg(64, 48), await video(), Buffer.from('not a recording')]) {
        const refused = await speak(guest, deviceId, notAudio);
        expect(refused.status).toBe(422);
        expect(refused.body).toMatchObject({
          code: GUESTBOOK_CODES.notAudio,
          detail: GUESTBOOK_MESSAGES.notAudio,
        });
      }
      const tooBig = await speak(guest, deviceId, Buffer.alloc(6 * 1024 * 1024, 1));
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.code).toBe(GUESTBOOK_CODES.audioTooBig);
      expect(await objects(event.id)).toEqual(before);

      // a free host's guests write, and may not record
      const free = new Browser(app.base);
      await loginThroughIdp(free, 'guestbook-free@example.test', 'words only please');
      const freeEvent = (await free.json('POST', '/api/events', eventBody({ name: 'Small party' }))).body;
      const freeGuest = new Browser(app.base);
      const freeDevice = (
        await freeGuest.json('POST', `/api/events/${freeEvent.code}/devices`, { anonId: randomUUID() })
      ).body.id;
      // the guest's composer is told so before recording anything
      const told = await freeGuest.json('GET', `/api/events/${freeEvent.code}/guestbook`);
      expect(told.body.voiceMessages).toBe(false);
      const refused = await speak(freeGuest, freeDevice, voice, freeEvent);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: GUESTBOOK_CODES.voiceNotAllowed,
        detail: GUESTBOOK_MESSAGES.voiceNotAllowed,
      });
      expect(
        (await write(freeGuest, { deviceId: freeDevice, text: 'Lovely evening' }, freeEvent)).status,
      ).toBe(201);

      // only from the device itself, and only for its own event
      const stolen = await write(new Browser(app.base), { deviceId, text: 'not mine' });
      expect(stolen.status).toBe(403);
      expect(stolen.body.code).toBe('device_not_yours');
      const elsewhere = await write(freeGuest, { deviceId: freeDevice, text: 'wrong party' });
      expect(elsewhere.status).toBe(403);
      expect(elsewhere.body.code).toBe('device_mismatch');
    });

    it('lets the author take a message back before the reveal, and nobody else', async () => {
      const spoken = await speak(guest, deviceId, voice);
      const id = spoken.body.id;
      const key = `events/${event.id}/guestbook/${id}.webm`;
      expect(await app.ctx.store.head(key)).not.toBeNull();
      expect((await other.json('DELETE', `/api/guestbook/${id}?deviceId=${otherDeviceId}`)).status).toBe(404);
      const stolen = await other.json('DELETE', `/api/guestbook/${id}?deviceId=${deviceId}`);
      expect(stolen.status).toBe(403);
      expect((await host.json('DELETE', `/api/guestbook/${id}?deviceId=${deviceId}`)).status).toBe(403);
      expect((await guest.json('DELETE', `/api/guestbook/${id}?deviceId=${deviceId}`)).status).toBe(204);
      expect(await app.ctx.store.head(key)).toBeNull();
      expect((await hostList()).entries.map((x: any) => x.id)).not.toContain(id);
      expect((await guest.json('DELETE', `/api/guestbook/${id}?deviceId=${deviceId}`)).status).toBe(404);
    });

    it('shows guests and screens the approved messages once photos show: live mode, then the reveal', async () => {
      for (const [id, action] of [
        [ids.text, 'approve'],
        [ids.voice, 'approve'],
        [ids.safari, 'reject'],
      ] as const) {
        expect((await other.json('POST', `/api/guestbook/${id}/${action}`)).status).toBe(401);
        const r = await host.json('POST', `/api/guestbook/${id}/${action}`);
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({ id, status: action === 'approve' ? 'approved' : 'rejected' });
      }
      expect((await hostList('?status=approved')).entries.map((x: any) => x.id)).toEqual([
        ids.voice,
        ids.text,
      ]);
      // approved, but not yet shown: the reveal is at the event's end
      expect((await guest.json('GET', path())).body.entries).toEqual([]);

      // live mode: what the live display shows, guests see
      expect((await host.json('POST', `/api/events/${event.id}/live-mode`, { enabled: true })).status).toBe(
        200,
      );
      const live = (await guest.json('GET', path())).body;
      expect(live.entries.map((x: any) => x.id)).toEqual([ids.voice, ids.text]);
      expect(live.entries[1]).toEqual({
        id: ids.text,
        kind: 'text',
        text: 'Congratulations, you two! 🎉',
        audioUrl: null,
        durationMs: null,
        deviceName: 'Gina',
        author: 'Gina',
        createdAt: expect.any(String),
      });
      const screen = new Browser(app.base);
      const next = await screen.json('POST', `/api/events/${event.code}/screens/next`, {
        screenId: 'guestbook-screen-0123456789',
      });
      expect(next.status).toBe(200);
      expect(next.body.guestbook.map((x: any) => x.id)).toEqual([ids.voice, ids.text]);
      expect(next.body.guestbook[0].status).toBeUndefined();
      expect((await host.json('POST', `/api/events/${event.id}/live-mode`, { enabled: false })).status).toBe(
        200,
      );
      expect((await guest.json('GET', path())).body.entries).toEqual([]);

      // the reveal (the host ends the event: it reveals at its end)
      expect((await host.json('POST', `/api/events/${event.id}/end`)).status).toBe(200);
      const revealed = (await other.json('GET', path())).body;
      expect(revealed.revealed).toBe(true);
      expect(revealed.entries.map((x: any) => x.id)).toEqual([ids.voice, ids.text]);
      const heard = await other.fetch(revealed.entries[0].audioUrl);
      expect(Buffer.from(await heard.arrayBuffer()).equals(voice)).toBe(true);
      // and now it is the guests' to keep: no taking it back
      const late = await guest.json('DELETE', `/api/guestbook/${ids.text}?deviceId=${deviceId}`);
      expect(late.status).toBe(403);
      expect(late.body).toMatchObject({
        code: GUESTBOOK_CODES.revealed,
        detail: GUESTBOOK_MESSAGES.deleteAfterReveal,
      });
    });

    it('holds a message guests report from guests and screens until the host decides again', async () => {
      expect(
        (
          await host.json('PUT', `/api/events/${event.id}/sharing`, {
            isPublic: false,
            shareDescription: null,
            reportThreshold: 1,
          })
        ).status,
      ).toBe(200);
      // a pending one is not there to report
      expect(
        (
          await other.json('POST', `/api/guestbook/${ids.emoji}/report`, {
            deviceId: otherDeviceId,
            reason: 'other',
          })
        ).status,
      ).toBe(404);
      const reported = await other.json('POST', `/api/guestbook/${ids.text}/report`, {
        deviceId: otherDeviceId,
        reason: 'offensive',
      });
      expect(reported.status).toBe(200);
      expect(reported.body).toEqual({ reported: true });
      await waitFor(async () =>
        (await guest.json('GET', path())).body.entries.every((x: any) => x.id !== ids.text),
      );
      const held = (await hostList()).entries.find((x: any) => x.id === ids.text);
      expect(held).toMatchObject({ status: 'approved', held: true, reportCount: 1 });
      expect((await host.json('POST', `/api/guestbook/${ids.text}/approve`)).body).toMatchObject({
        held: false,
        reportCount: 0,
      });
      expect((await guest.json('GET', path())).body.entries.map((x: any) => x.id)).toContain(ids.text);
    });

    it('puts every message the host did not reject in the export: guestbook.csv and the recordings', async () => {
      const manifest = (await host.json('GET', `/api/events/${event.id}/export`)).body;
      // written, recorded and the pending emoji; not the rejected one
      expect(manifest).toMatchObject({ photoCount: 0, guestbookCount: 3 });
      expect(manifest.parts).toHaveLength(1);
      const zip = Buffer.from(await (await host.fetch(manifest.parts[0].url)).arrayBuffer());
      expect(zip.length).toBe(manifest.parts[0].bytes);
      const entries = await readZip(zip);
      expect(entries.map((x) => x.name)).toEqual([
        'photos.csv',
        GUESTBOOK_CSV_NAME,
        expect.stringMatching(/^guestbook\/001_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.webm$/),
      ]);
      expect(entries[2]!.bytes.equals(voice)).toBe(true);
      const [head, ...rows] = parseCsv(entries[1]!.bytes.toString('utf8').replace(/^\ufeff/, ''));
      expect(head).toEqual([...GUESTBOOK_CSV_COLUMNS]);
      const col = (row: string[], name: (typeof GUESTBOOK_CSV_COLUMNS)[number]) =>
        row[GUESTBOOK_CSV_COLUMNS.indexOf(name)];
      expect(rows.map((r) => col(r, 'id'))).toEqual([ids.text, ids.voice, ids.emoji]);
      const [written, spoken] = rows;
      expect(col(written!, 'text')).toBe('Congratulations, you two! 🎉');
      expect(col(written!, 'author')).toBe('Gina');
      expect(col(written!, 'status')).toBe('approved');
      expect(col(spoken!, 'kind')).toBe('voice');
      expect(col(spoken!, 'audio_file')).toBe(entries[2]!.name);
      expect(col(spoken!, 'time_zone')).toBe('Europe/Berlin');
    });

    it('goes with the event when retention deletes it: rows and recordings', async () => {
      const retention = (app.modules.get('events') as unknown as { retention: Retention }).retention;
      expect(await objects(event.id)).toHaveLength(2); // the guest's and the rejected Safari recording
      const start = Date.parse(event.startsAt);
      await retention.run(new Date(start + 30.5 * DAY)); // warned: Event Basic hosts 30 days
      expect((await retention.run(new Date(start + 38 * DAY))).deleted).toBeGreaterThanOrEqual(1);
      await waitFor(async () => (await objects(event.id)).length === 0, 30_000);
      const { rows } = (await app.ctx.database.db.execute(
        sql`select count(*)::int as n from photos.guestbook_entries where event_id = ${event.id}::uuid`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows[0]!.n).toBe(0);
      expect((await guest.json('GET', path())).status).toBe(404);
    });
  },
);
