import { join } from 'node:path';
import { answer } from '@afterglow/bus';
import {
  eventDeleted,
  mailRequested,
  notifyMessages,
  pushRequested,
  userUpserted,
} from '@afterglow/contracts';
import type { ServiceModule } from '@afterglow/service-kit';
import { Mailbox } from './app/mailbox';
import { vapidKeys, webPushTransport } from './app/push';
import { Sender } from './app/sender';
import { fileTransport, smtpTransport } from './app/transport';
import { notifyRouter } from './http/routes';

/** `Afterglow <no-reply@<host>>`, the host of the public URL (a bare name gets `.local`: a valid address). */
export function defaultFrom(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return `Afterglow <no-reply@${host.includes('.') ? host : `${host}.local`}>`;
}

/** VAPID's contact (RFC 8292): the public URL when it is https, else the sender's address. */
export function vapidSubject(publicUrl: string, from: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = from.match(/<([^>]+)>/)?.[1] ?? from;
  return `mailto:${address.trim()}`;
}

/**
 * Notify (ADR 035): every e-mail the product sends. Other services ask for one with `mail.requested`
 * (a template, its values, an account or an address); notify writes it in the recipient's language into
 * its outbox and sends it over SMTP (`SMTP_URL`), retrying what fails, or keeps it as a file under the
 * data dir when no SMTP server is set. The back office lists every message.
 */
export const notifyModule: ServiceModule = {
  name: 'notify',
  deps: [],
  asks: [],
  async start(ctx) {
    await ctx.database.migrate('notify');
    const db = ctx.database.db;
    const logger = ctx.logger;
    const smtp = ctx.config.SMTP_URL;
    const transport = smtp ? smtpTransport(smtp) : fileTransport(join(ctx.config.AFTERGLOW_DATA_DIR, 'mail'));
    if (!smtp)
      logger.info(
        { dir: transport.dir },
        'no SMTP_URL: e-mails are kept as .eml files in the data dir and listed in the back office',
      );
    const keys = vapidKeys(ctx.config, ctx.config.AFTERGLOW_DATA_DIR);
    const from = ctx.config.MAIL_FROM ?? defaultFrom(ctx.publicUrl);
    const sender = new Sender({
      db,
      transport,
      push: webPushTransport({
        keys,
        subject: vapidSubject(ctx.publicUrl, from),
        extraOrigins: ctx.config.AFTERGLOW_PUSH_ORIGINS,
      }),
      from,
      logger: logger.child({ part: 'mail' }),
      retrySeconds: ctx.config.MAIL_RETRY_SECONDS,
    });
    const mailbox = new Mailbox({
      db,
      secret: ctx.secret,
      publicUrl: ctx.publicUrl,
      written: () => sender.kick(),
    });
    const subs = await Promise.all([
      ctx.bus.consume(
        mailRequested.subject,
        // an account not heard of yet is asked about again: identity's fact may be on its way
        { durable: 'notify-mail', maxDeliver: 20, backoffMs: [1000, 5000, 30_000] },
        async (msg) => {
          await mailbox.request(mailRequested.schema.parse(msg.data));
        },
      ),
      ctx.bus.consume(pushRequested.subject, { durable: 'notify-push', maxDeliver: 10 }, async (msg) => {
        await mailbox.requestPush(pushRequested.schema.parse(msg.data));
      }),
      ctx.bus.consume(userUpserted.subject, { durable: 'notify-accounts', maxDeliver: 10 }, async (msg) =>
        mailbox.rememberAccount(userUpserted.schema.parse(msg.data)),
      ),
      ctx.bus.consume(
        eventDeleted.subject,
        { durable: 'notify-event-deleted', maxDeliver: 10 },
        async (msg) => {
          await mailbox.forgetEvent(eventDeleted.schema.parse(msg.data).eventId);
        },
      ),
      // the back office's list (the admin service has checked the caller is an admin)
      answer(ctx.bus, notifyMessages, (q) => mailbox.list(q)),
    ]);
    return {
      router: notifyRouter(mailbox, ctx.secret, keys.publicKey),
      afterStart() {
        sender.start();
      },
      async stop() {
        for (const s of subs) await s.stop();
        await sender.stop();
      },
    };
  },
};
