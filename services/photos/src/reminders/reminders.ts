import { and, countDistinct, count, eq, lt, ne } from 'drizzle-orm';
import {
  HttpError,
  conflict,
  mailRequested,
  pushEndpointAllowed,
  pushRequested,
  type EventRecord,
  type Language,
  type ReminderAsk,
  type ReminderState,
} from '@afterglow/contracts';
import { outboxRow, type Db, type OutboxRelay } from '@afterglow/db';
import { outbox, photos, reminders, revealNotices } from '../adapters/schema';
import { checkDeviceOf } from '../app/upload';
import type { EventsClient } from '../app/events-client';
import { isRevealed } from '../app/visibility';
import type { Device } from '../guests';

type Channel = 'email' | 'push';
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * 'Tell me when the photos are revealed' (ADR 035): a guest's device leaves an address or a push
 * subscription for one message at the reveal, and withdraws it from the same place. At the reveal
 * (the reveal time: events' `event.revealed`; or the first approval in live mode) every reminder of
 * the event is handed to notify once, with the host's notice, and the addresses are deleted then;
 * those not yet used go with the event.
 */
export class Reminders {
  constructor(
    private readonly d: {
      db: Db;
      events: EventsClient;
      relay: OutboxRelay;
      /** where hosts open Afterglow (their notice's link) */
      publicUrl: string;
      /** origins push subscriptions may point at besides the browsers' push services */
      pushOrigins: readonly string[];
    },
  ) {}

  private async eventOf(code: string, device: Device): Promise<EventRecord> {
    const e = await this.d.events.getOr404(code);
    checkDeviceOf(e, device);
    return e;
  }

  /**
   * Whether the photos are out, so it is too late to ask: the reveal time has come, or live mode's
   * first approval was told and live mode is still on. An ended event opened again, whose reveal moved
   * later, takes reminders again (told at the new reveal time).
   */
  private async revealed(e: EventRecord): Promise<boolean> {
    if (isRevealed(e)) return true;
    if (!e.liveMode) return false;
    const [told] = await this.d.db
      .select({ trigger: revealNotices.trigger })
      .from(revealNotices)
      .where(eq(revealNotices.eventId, e.id));
    return told?.trigger === 'live';
  }

  private async stateOf(e: EventRecord, device: Device): Promise<ReminderState> {
    const rows = await this.d.db
      .select({ channel: reminders.channel, email: reminders.email })
      .from(reminders)
      .where(and(eq(reminders.eventId, e.id), eq(reminders.deviceId, device.id)));
    return {
      email: rows.find((r) => r.channel === 'email')?.email ?? null,
      push: rows.some((r) => r.channel === 'push'),
      revealed: await this.revealed(e),
    };
  }

  async state(code: string, device: Device): Promise<ReminderState> {
    return this.stateOf(await this.eventOf(code, device), device);
  }

  async ask(code: string, device: Device, ask: ReminderAsk, lang: Language, guestOrigin: string) {
    const e = await this.eventOf(code, device);
    if (await this.revealed(e)) throw conflict('The photos are already revealed', 'already_revealed');
    const channel: Channel = 'email' in ask ? 'email' : 'push';
    if ('push' in ask && !pushEndpointAllowed(ask.push.endpoint, this.d.pushOrigins))
      throw new HttpError(400, 'push_endpoint', 'This browser’s push service is not supported', [
        { path: 'push.endpoint', message: 'This browser’s push service is not supported' },
      ]);
    const values = {
      email: 'email' in ask ? ask.email : null,
      push: 'push' in ask ? ask.push : null,
      lang,
      galleryUrl: `${guestOrigin}/gallery/${e.code}`,
    };
    await this.d.db
      .insert(reminders)
      .values({ eventId: e.id, deviceId: device.id, channel, ...values })
      .onConflictDoUpdate({
        target: [reminders.eventId, reminders.deviceId, reminders.channel],
        set: values,
      });
    return this.stateOf(e, device);
  }

  async withdraw(code: string, device: Device, channel?: Channel): Promise<ReminderState> {
    const e = await this.eventOf(code, device);
    await this.d.db
      .delete(reminders)
      .where(
        and(
          eq(reminders.eventId, e.id),
          eq(reminders.deviceId, device.id),
          ...(channel ? [eq(reminders.channel, channel)] : []),
        ),
      );
    return this.stateOf(e, device);
  }

  /**
   * The reveal of an event, told once however often it is asked (a redelivered fact, the reveal time
   * after live mode's first approval): each guest's reminder goes to notify and is deleted, and the
   * host hears how many photos from how many guests are out. False when it was told before. A reveal
   * time (`revealAt`, from events' fact) later than the time reveal told before is a new reveal: an
   * ended event was opened again, and those who asked since, and the host, are told at its new time.
   */
  async reveal(
    eventId: string,
    trigger: 'time' | 'live',
    now = new Date(),
    revealAt?: Date,
  ): Promise<boolean> {
    const e = await this.d.events.get(eventId);
    if (!e) return false; // deleted meanwhile: its reminders went with it
    const told = await this.d.db.transaction(async (tx) => {
      const insert = tx.insert(revealNotices).values({ eventId: e.id, trigger, at: now });
      const [fresh] = await (
        trigger === 'time' && revealAt
          ? insert.onConflictDoUpdate({
              target: revealNotices.eventId,
              set: { at: now },
              setWhere: and(eq(revealNotices.trigger, 'time'), lt(revealNotices.at, revealAt)),
            })
          : insert.onConflictDoNothing()
      ).returning();
      if (!fresh) return false;
      const waiting = await tx.delete(reminders).where(eq(reminders.eventId, e.id)).returning();
      for (const r of waiting) {
        const params = { eventName: e.name, url: r.galleryUrl };
        const lang = r.lang as Language;
        if (r.channel === 'email' && r.email)
          await put(
            tx,
            mailRequested.subject,
            `reveal-guest:${r.id}`,
            mailRequested.schema.parse({
              key: `reveal-guest:${r.id}`,
              template: 'reveal.guest',
              to: { email: r.email },
              lang,
              params,
              eventId: e.id,
            }),
          );
        if (r.channel === 'push' && r.push)
          await put(
            tx,
            pushRequested.subject,
            `reveal-guest:${r.id}`,
            pushRequested.schema.parse({
              key: `reveal-guest:${r.id}`,
              template: 'reveal.guest',
              subscription: r.push,
              lang,
              params,
              eventId: e.id,
            }),
          );
      }
      // one notice per reveal: an event opened again and revealed later tells its host again
      const hostKey = `reveal-host:${e.id}${trigger === 'time' && revealAt ? `:${revealAt.toISOString()}` : ''}`;
      const [shown] = await tx
        .select({ photos: count(), guests: countDistinct(photos.deviceId) })
        .from(photos)
        .where(and(eq(photos.eventId, e.id), ne(photos.status, 'rejected')));
      await put(
        tx,
        mailRequested.subject,
        hostKey,
        mailRequested.schema.parse({
          key: hostKey,
          template: 'reveal.host',
          to: { userId: e.hostId },
          params: {
            eventName: e.name,
            photos: shown?.photos ?? 0,
            guests: shown?.guests ?? 0,
            // the gallery (the host sees every photo there), and the dashboard, where the export is
            url: `${this.d.publicUrl}/gallery/${e.code}`,
            exportUrl: `${this.d.publicUrl}/host/dashboard/${e.id}`,
          },
        }),
      );
      return true;
    });
    if (told) this.d.relay.kick();
    return told;
  }
}

/** A fact for notify, in the reveal's transaction. */
async function put(tx: Tx, subject: string, key: string, payload: unknown): Promise<void> {
  await tx.insert(outbox).values(outboxRow({ subject, msgId: `${subject}:${key}`, payload }));
}
