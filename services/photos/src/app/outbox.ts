import { context, propagation } from '@opentelemetry/api';
import { and, asc, inArray, isNull, isNotNull, lt, sql } from 'drizzle-orm';
import type { Bus } from '@afterglow/bus';
import type { Db } from '@afterglow/db';
import type { Logger } from '@afterglow/service-kit';
import { outbox } from '../adapters/schema';

/**
 * Publishes the facts the upload transaction wrote into `photos.outbox`. A fact is marked published
 * only after the bus has stored it; if the bus is away the relay keeps retrying, so a photo accepted
 * while NATS is down is announced when it is back. Publishing twice is harmless: each fact carries
 * its msgId and the bus de-duplicates.
 */
/** The current trace context as message headers (empty without an OpenTelemetry SDK). */
export function traceHeaders(): Record<string, string> | null {
  const headers: Record<string, string> = {};
  propagation.inject(context.active(), headers);
  return Object.keys(headers).length ? headers : null;
}

const PRUNE_EVERY_MS = 60_000;

export class OutboxRelay {
  private prunedAt = 0;
  private running = false;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private failures = 0;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly logger: Logger,
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
    for (;;) {
      const rows = await this.db
        .select()
        .from(outbox)
        .where(isNull(outbox.publishedAt))
        .orderBy(asc(outbox.id))
        .limit(100);
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
          await this.db.update(outbox).set({ publishedAt: new Date() }).where(inArray(outbox.id, published));
      }
      if (this.stopped) return;
      if (this.failures) this.logger.info({ failures: this.failures }, 'outbox caught up');
      this.failures = 0;
    }
    // Keep the table small: published facts older than an hour are of no further use.
    if (Date.now() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = Date.now();
    await this.db
      .delete(outbox)
      .where(and(isNotNull(outbox.publishedAt), lt(outbox.publishedAt, sql`now() - interval '1 hour'`)));
  }

  async pending(): Promise<number> {
    const [r] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(isNull(outbox.publishedAt));
    return r?.n ?? 0;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (let i = 0; i < 100 && this.running; i++) await new Promise((r) => setTimeout(r, 50));
  }
}
