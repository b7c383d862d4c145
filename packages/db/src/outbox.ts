import { context, propagation } from '@opentelemetry/api';
import { and, asc, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, text, timestamp, type PgSchema } from 'drizzle-orm/pg-core';
import type { Db } from './types';

/**
 * The transactional outbox: a service writes the facts it announces into its own `<schema>.outbox`
 * table in the same transaction as the rows they describe, and a relay publishes them. A fact is never
 * lost for a committed row, nor announced for a row that was rolled back.
 *
 * Each service declares the table in its drizzle schema (`export const outbox = outboxTable(mySchema)`),
 * so its own migration creates it, and runs one `OutboxRelay` over it.
 */
export function outboxTable(schema: PgSchema) {
  return schema.table(
    'outbox',
    {
      id: bigserial('id', { mode: 'number' }).primaryKey(),
      subject: text('subject').notNull(),
      msgId: text('msg_id').notNull(),
      payload: jsonb('payload').notNull(),
      /** trace context of the request that wrote the fact, so its publish continues that trace */
      headers: jsonb('headers').$type<Record<string, string>>(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      publishedAt: timestamp('published_at', { withTimezone: true }),
      attempts: integer('attempts').notNull().default(0),
    },
    (t) => [
      index('outbox_unpublished_idx')
        .on(t.id)
        .where(sql`${t.publishedAt} is null`),
    ],
  );
}
export type OutboxTable = ReturnType<typeof outboxTable>;

/** A fact to publish: its msgId makes a second publish within the bus's window a duplicate. */
export interface OutboxFact {
  subject: string;
  msgId: string;
  payload: unknown;
}

/** The current trace context as message headers (null without an OpenTelemetry SDK). */
export function traceHeaders(): Record<string, string> | null {
  const headers: Record<string, string> = {};
  propagation.inject(context.active(), headers);
  return Object.keys(headers).length ? headers : null;
}

/** The outbox row for a fact, carrying the current trace context: insert it in the row's transaction. */
export const outboxRow = (fact: OutboxFact) => ({ ...fact, headers: traceHeaders() });

/** What the relay needs of the bus (`@afterglow/bus` satisfies it). */
export interface OutboxPublisher {
  publish(
    subject: string,
    data: unknown,
    opts?: { msgId?: string; headers?: Record<string, string> },
  ): Promise<void>;
}
interface OutboxLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

const PRUNE_EVERY_MS = 60_000;
/** Facts read and published in one go. */
const PASS_ROWS = 100;

/**
 * Publishes what the outbox holds. A fact is marked published only after the bus has stored it; while
 * the bus is away the relay keeps retrying, so a fact written during an outage goes out when it is back.
 * Publishing twice is harmless: each fact carries its msgId and the bus de-duplicates. `kick()` after
 * a commit runs a pass at once; `start()` also runs one every `intervalMs`.
 */
export class OutboxRelay {
  private prunedAt = 0;
  private running = false;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private failures = 0;

  constructor(
    private readonly db: Db,
    private readonly table: OutboxTable,
    private readonly bus: OutboxPublisher,
    private readonly logger: OutboxLogger,
    private readonly intervalMs = 1000,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Run a pass now (after a commit); passes never overlap. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.pass()
      .catch((err) => {
        this.failures++;
        if (this.failures === 1 || this.failures % 30 === 0)
          this.logger.warn(
            { err: String(err), failures: this.failures },
            'outbox publish failed; will retry',
          );
      })
      .finally(() => {
        this.running = false;
        if (this.again && !this.stopped) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async pass(): Promise<void> {
    const t = this.table;
    for (;;) {
      const rows = await this.db
        .select()
        .from(t)
        .where(isNull(t.publishedAt))
        .orderBy(asc(t.id))
        .limit(PASS_ROWS);
      if (rows.length === 0) break;
      // Marked once per batch: a crash in between republishes a few facts, which their msgId dedupes.
      const published: number[] = [];
      try {
        for (const row of rows) {
          if (this.stopped) break;
          await this.bus.publish(row.subject, row.payload, {
            msgId: row.msgId,
            ...(row.headers ? { headers: row.headers } : {}),
          });
          published.push(row.id);
        }
      } finally {
        if (published.length)
          await this.db.update(t).set({ publishedAt: new Date() }).where(inArray(t.id, published));
      }
      if (this.stopped) return;
      if (this.failures) this.logger.info({ failures: this.failures }, 'outbox caught up');
      this.failures = 0;
      // A short batch was all there was: a fact committed since has kicked a pass of its own (it runs
      // next), and the timer finds one whose kick was lost. Asking again now would find nothing: in a
      // burst that was one more query an upload.
      if (rows.length < PASS_ROWS) break;
    }
    // Keep the table small: published facts older than an hour are of no further use.
    if (Date.now() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = Date.now();
    await this.db
      .delete(t)
      .where(and(isNotNull(t.publishedAt), lt(t.publishedAt, sql`now() - interval '1 hour'`)));
  }

  /** Facts not yet published. */
  async pending(): Promise<number> {
    const [r] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(this.table)
      .where(isNull(this.table.publishedAt));
    return r?.n ?? 0;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (let i = 0; i < 100 && this.running; i++) await new Promise((r) => setTimeout(r, 50));
  }
}
