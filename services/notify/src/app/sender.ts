import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '@afterglow/db';
import type { Logger } from '@afterglow/service-kit';
import { messages, type MessageRow } from '../adapters/schema';
import { SubscriptionGone, type PushTransport } from './push';
import { SendError, type MailTransport } from './transport';

/** Sends given up after this many tries (about a day and a half of doubling waits, capped at an hour). */
export const MAX_ATTEMPTS = 40;
/** How long a replica holds the messages it claimed; a crashed replica's claims lapse after it. */
const CLAIM_MS = 2 * 60_000;
const BATCH = 20;
const MAX_WAIT_MS = 3600_000;

export interface SenderPass {
  sent: number;
  retried: number;
  failed: number;
}

/**
 * Sends what the mail outbox holds (ADR 035). Each pass claims due messages under row locks that other
 * replicas skip (`for update skip locked`) and stamps a lease, so one message goes through one replica
 * at a time; a failure that may pass (server away, a 4xx answer) is tried again with doubling waits;
 * a 5xx answer, or too many tries, is recorded as failed for the back office.
 */
export class Sender {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly d: {
      db: Db;
      transport: MailTransport;
      /** Web Push; without it push messages wait */
      push?: PushTransport;
      from: string;
      logger: Logger;
      retrySeconds: number;
      /** between passes when nothing kicks it */
      intervalMs?: number;
    },
  ) {}

  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.kick();
      this.timer = setTimeout(tick, this.d.intervalMs ?? 2000);
      this.timer.unref();
    };
    tick();
  }

  /** Runs a pass now (or right after the one running). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          const p = await this.pass();
          if (p.sent + p.retried + p.failed === BATCH) this.again = true;
        } catch (err) {
          this.d.logger.warn({ err: String(err) }, 'mail pass failed');
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    this.d.transport.close();
  }

  /** One pass at `now`: claims up to a batch of due messages and tries each once. */
  async pass(now = new Date()): Promise<SenderPass> {
    const claimed = await this.claim(now);
    const out: SenderPass = { sent: 0, retried: 0, failed: 0 };
    for (const m of claimed) {
      const push = m.channel === 'push';
      try {
        if (push) await this.sendPush(m);
        else
          await this.d.transport.send({
            id: m.id,
            from: this.d.from,
            to: m.toAddress,
            subject: m.subject,
            text: m.text,
            html: m.html,
            lang: m.lang,
            unsubscribeUrl: m.unsubscribeUrl,
          });
        await this.d.db
          .update(messages)
          .set({
            status: !push && this.d.transport.kind === 'files' ? 'saved' : 'sent',
            sentAt: new Date(),
            claimedUntil: null,
            lastError: null,
          })
          .where(eq(messages.id, m.id));
        out.sent++;
        this.d.logger.info(
          { message: m.id, template: m.template, via: push ? 'push' : this.d.transport.kind },
          push ? 'push sent' : 'mail sent',
        );
      } catch (err) {
        const e =
          err instanceof SendError ? err : new SendError(String((err as Error)?.message ?? err), false);
        const giveUp = e.permanent || m.attempts >= MAX_ATTEMPTS;
        const wait = Math.min(this.d.retrySeconds * 1000 * 2 ** Math.max(0, m.attempts - 1), MAX_WAIT_MS);
        await this.d.db
          .update(messages)
          .set(
            giveUp
              ? {
                  status: 'failed',
                  claimedUntil: null,
                  lastError: e.message,
                  // an expired subscription is dropped: nothing is sent to it again
                  ...(e instanceof SubscriptionGone ? { push: null } : {}),
                }
              : { nextAttemptAt: new Date(now.getTime() + wait), claimedUntil: null, lastError: e.message },
          )
          .where(eq(messages.id, m.id));
        if (giveUp) out.failed++;
        else out.retried++;
        this.d.logger.warn(
          { message: m.id, template: m.template, attempt: m.attempts, error: e.message, final: giveUp },
          giveUp ? 'mail could not be sent' : 'mail send failed, will retry',
        );
      }
    }
    return out;
  }

  private async sendPush(m: MessageRow): Promise<void> {
    if (!this.d.push) throw new SendError('push is not set up', false);
    if (!m.push) throw new SendError('no subscription', true);
    await this.d.push.send(m.push, { title: m.subject, body: m.text, url: m.links[0] ?? '/', tag: m.key });
  }

  /** Due messages no other replica holds, marked as this one's for a while and counted as a try. */
  private async claim(now: Date): Promise<MessageRow[]> {
    return this.d.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.status, 'pending'),
            lte(messages.nextAttemptAt, now),
            or(isNull(messages.claimedUntil), lt(messages.claimedUntil, now)),
          ),
        )
        .orderBy(asc(messages.nextAttemptAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (!due.length) return [];
      const ids = due.map((r) => r.id);
      // the try is counted when it is claimed: a replica that dies mid-send has used one
      return tx
        .update(messages)
        .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS), attempts: sql`${messages.attempts} + 1` })
        .where(inArray(messages.id, ids))
        .returning();
    });
  }
}
