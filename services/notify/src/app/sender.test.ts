import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '@afterglow/db';
import { scratchDatabase } from '@afterglow/db/test-support/scratch-db';
import { createLogger } from '@afterglow/service-kit';
import { messages } from '../adapters/schema';
import { Mailbox } from './mailbox';
import { Sender } from './sender';
import { SendError, type MailTransport, type OutgoingMail } from './transport';

/** A transport that records what it was given, and fails as told. */
function recording(fail?: (m: OutgoingMail) => SendError | null): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    kind: 'smtp',
    sent,
    async send(m) {
      await new Promise((r) => setTimeout(r, 5)); // a send takes a moment: replicas overlap
      const err = fail?.(m);
      if (err) throw err;
      sent.push(m);
    },
    close() {},
  };
}

function senderSuite(name: string, open: () => Promise<{ database: Database; close(): Promise<void> }>) {
  describe(`the mail outbox (${name})`, () => {
    let database: Database;
    let close: () => Promise<void>;
    const logger = createLogger('test', 'silent');
    beforeAll(async () => {
      ({ database, close } = await open());
      await database.migrate('notify');
    });
    afterAll(() => close());
    const mailbox = () =>
      new Mailbox({ db: database.db, secret: Buffer.alloc(32, 1), publicUrl: 'https://x.example' });
    const ask = (key: string, email: string) =>
      mailbox().request({
        key,
        template: 'account.reset',
        to: { email },
        params: { url: 'https://x.example/r' },
      });

    it('sends each message once, however many replicas claim at the same time', async () => {
      for (let i = 0; i < 30; i++) await ask(`many-${name}-${i}`, `many${i}@example.test`);
      const transport = recording();
      const replicas = [1, 2, 3].map(
        () => new Sender({ db: database.db, transport, from: 'a@b.c', logger, retrySeconds: 1 }),
      );
      const now = new Date(Date.now() + 1000);
      for (let round = 0; round < 3; round++) await Promise.all(replicas.map((r) => r.pass(now)));
      const mine = transport.sent.filter((m) => m.to.startsWith('many'));
      expect(mine).toHaveLength(30);
      expect(new Set(mine.map((m) => m.id)).size).toBe(30);
    });

    it('asks once per key, retries with doubling waits, and gives up on a 5xx', async () => {
      expect(await ask(`once-${name}`, 'once@example.test')).toBe(true);
      expect(await ask(`once-${name}`, 'once@example.test')).toBe(false);
      let refusals = 2;
      const transport = recording((m) =>
        m.to === 'once@example.test' && refusals-- > 0 ? new SendError('ECONNREFUSED', false) : null,
      );
      const sender = new Sender({ db: database.db, transport, from: 'a@b.c', logger, retrySeconds: 10 });
      const t0 = Date.now() + 60_000;
      await sender.pass(new Date(t0));
      const row = async () =>
        (
          await database.db
            .select()
            .from(messages)
            .where(eq(messages.key, `once-${name}`))
        )[0]!;
      expect((await row()).status).toBe('pending');
      expect((await row()).nextAttemptAt.getTime()).toBe(t0 + 10_000);
      await sender.pass(new Date(t0 + 5_000)); // not due yet
      expect((await row()).attempts).toBe(1);
      await sender.pass(new Date(t0 + 10_001));
      expect((await row()).nextAttemptAt.getTime()).toBe(t0 + 10_001 + 20_000);
      await sender.pass(new Date(t0 + 30_002));
      expect(await row()).toMatchObject({ status: 'sent', attempts: 3, lastError: null });

      await ask(`bounce-${name}`, 'bounce@example.test');
      const bouncing = recording((m) =>
        m.to === 'bounce@example.test' ? new SendError('550 no such user', true) : null,
      );
      await new Sender({ db: database.db, transport: bouncing, from: 'a@b.c', logger, retrySeconds: 1 }).pass(
        new Date(t0 + 40_000),
      );
      const [bounced] = await database.db
        .select()
        .from(messages)
        .where(eq(messages.key, `bounce-${name}`));
      expect(bounced).toMatchObject({ status: 'failed', attempts: 1, lastError: '550 no such user' });
    });
  });
}

senderSuite('PGlite', async () => {
  const database = await openDatabase({ url: 'pglite:memory', dataDir: tmpdir() });
  return { database, close: () => database.close() };
});

const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)('on PostgreSQL', () => {
  senderSuite('PostgreSQL', () => scratchDatabase(url!));
});
