import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  MAIL_UNSUBSCRIBE_PATH,
  MAIL_PREFERENCES,
  MAIL_PREFERENCE_OF,
  isLanguage,
  isTransactional,
  mailRequested,
  pushRequested,
  type MailMessage,
  type MailPreferences,
  type MailRequest,
  type MailStatus,
  type PushRequest,
} from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import { seal, unseal } from '@afterglow/service-kit';
import { accounts, messages, preferences, suppressions, type MessageRow } from '../adapters/schema';
import { render, renderPush } from './templates';

/** A message for an account notify has not heard of yet: asked again later (the fact is redelivered). */
export class RecipientUnknown extends Error {}

const UNSUBSCRIBE = 'mail-unsubscribe';

/**
 * The mail outbox's front (ADR 035): a `mail.requested` becomes one message row, written in the
 * recipient's language, unless the recipient turned that kind off; the back office lists them; the
 * one-click unsubscribe turns a kind off; a deleted event takes its guests' messages with it.
 */
export class Mailbox {
  constructor(
    private readonly d: {
      db: Db;
      secret: Buffer;
      /** where the unsubscribe page is: `<publicUrl>/mail/unsubscribe` */
      publicUrl: string;
      /** after a message was written: the sender looks at once */
      written?: () => void;
    },
  ) {}

  /** Writes the message asked for; false when it was already written or is not wanted. */
  async request(input: MailRequest): Promise<boolean> {
    const m = mailRequested.schema.parse(input);
    const [existing] = await this.d.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.key, m.key));
    if (existing) return false;
    let address: string;
    let lang = m.lang;
    let userId: string | null = null;
    if ('userId' in m.to) {
      const [a] = await this.d.db.select().from(accounts).where(eq(accounts.userId, m.to.userId));
      if (!a) throw new RecipientUnknown('no address yet for this account');
      address = a.email;
      userId = a.userId;
      lang ??= isLanguage(a.lang) ? a.lang : undefined;
      const kind = MAIL_PREFERENCE_OF[m.template];
      if (kind && !(await this.preferences(a.userId))[kind]) return false;
    } else {
      address = m.to.email.toLowerCase();
      const [off] = await this.d.db
        .select({ email: suppressions.email })
        .from(suppressions)
        .where(and(eq(suppressions.email, address), eq(suppressions.kind, m.template)));
      if (off) return false;
    }
    const id = randomUUID();
    const unsubscribeUrl = isTransactional(m.template)
      ? null
      : `${this.d.publicUrl}${MAIL_UNSUBSCRIBE_PATH}?t=${seal(this.d.secret, UNSUBSCRIBE, { m: id })}`;
    const r = render(m.template, m.params, lang ?? DEFAULT_LANGUAGE, unsubscribeUrl);
    return this.write({
      id,
      key: m.key,
      template: m.template,
      toAddress: address,
      userId,
      eventId: m.eventId ?? null,
      lang: lang ?? DEFAULT_LANGUAGE,
      subject: r.subject,
      text: r.text,
      html: r.html,
      links: r.links,
      unsubscribeUrl,
    });
  }

  /** Writes the push message asked for (ADR 035); false when it was already written. */
  async requestPush(input: PushRequest): Promise<boolean> {
    const m = pushRequested.schema.parse(input);
    const lang = m.lang ?? DEFAULT_LANGUAGE;
    const p = renderPush(m.template, m.params, lang);
    return this.write({
      key: `push:${m.key}`,
      template: m.template,
      channel: 'push',
      push: m.subscription,
      toAddress: new URL(m.subscription.endpoint).host,
      eventId: m.eventId ?? null,
      lang,
      subject: p.title,
      text: p.body,
      html: '',
      links: [p.url],
    });
  }

  /** One message into the outbox, once per key; the sender is told at once. */
  private async write(values: typeof messages.$inferInsert): Promise<boolean> {
    const rows = await this.d.db
      .insert(messages)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: messages.id });
    if (rows.length) this.d.written?.();
    return rows.length > 0;
  }

  /** An account's host notices, on unless turned off. */
  async preferences(userId: string): Promise<MailPreferences> {
    const rows = await this.d.db.select().from(preferences).where(eq(preferences.userId, userId));
    const off = (k: string) => rows.some((r) => r.kind === k && !r.enabled);
    return Object.fromEntries(MAIL_PREFERENCES.map((k) => [k, !off(k)])) as MailPreferences;
  }

  async setPreferences(userId: string, change: Partial<MailPreferences>): Promise<MailPreferences> {
    for (const [kind, enabled] of Object.entries(change)) {
      if (typeof enabled !== 'boolean') continue;
      await this.d.db
        .insert(preferences)
        .values({ userId, kind, enabled })
        .onConflictDoUpdate({ target: [preferences.userId, preferences.kind], set: { enabled } });
    }
    return this.preferences(userId);
  }

  /**
   * The one-click unsubscribe of the message a link came with: its account's kind turned off, or for an
   * address without an account, that template. False for a link that is not ours.
   */
  async unsubscribe(token: string | undefined): Promise<boolean> {
    const v = unseal<{ m?: unknown }>(this.d.secret, UNSUBSCRIBE, token);
    if (!v || typeof v.m !== 'string') return false;
    const [row] = await this.d.db.select().from(messages).where(eq(messages.id, v.m));
    // a message deleted with its event asks nothing more of anyone
    if (!row) return true;
    const kind = MAIL_PREFERENCE_OF[row.template as keyof typeof MAIL_PREFERENCE_OF];
    if (row.userId && kind) await this.setPreferences(row.userId, { [kind]: false });
    else if (!row.userId)
      await this.d.db
        .insert(suppressions)
        .values({ email: row.toAddress, kind: row.template })
        .onConflictDoNothing();
    return true;
  }

  /** The back office's list, newest first. */
  async list(q: { limit: number; offset: number; status?: MailStatus }): Promise<{
    messages: MailMessage[];
    total: number;
  }> {
    const where = q.status ? eq(messages.status, q.status) : undefined;
    const rows = await this.d.db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(q.limit)
      .offset(q.offset);
    const [total] = await this.d.db.select({ n: count() }).from(messages).where(where);
    return { messages: rows.map(listed), total: total?.n ?? 0 };
  }

  /** A deleted event's guests' messages go with it (convention 15); hosts' notices stay. */
  async forgetEvent(eventId: string): Promise<number> {
    const rows = await this.d.db
      .delete(messages)
      .where(eq(messages.eventId, eventId))
      .returning({ id: messages.id });
    return rows.length;
  }

  /** Identity's description of an account: where and in which language its notices go. */
  async rememberAccount(a: { id: string; email: string; lang?: string }): Promise<void> {
    const set = { email: a.email, ...(a.lang ? { lang: a.lang } : {}), updatedAt: sql`now()` };
    await this.d.db
      .insert(accounts)
      .values({ userId: a.id, email: a.email, lang: a.lang ?? null })
      .onConflictDoUpdate({ target: accounts.userId, set });
  }
}

const listed = (r: MessageRow): MailMessage => ({
  id: r.id,
  template: r.template as MailMessage['template'],
  to: r.toAddress,
  subject: r.subject,
  status: r.status as MailStatus,
  attempts: r.attempts,
  lastError: r.lastError,
  links: r.links,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
});
