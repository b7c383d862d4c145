import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port';

export interface Received {
  to: string[];
  mail: ParsedMail;
  raw: string;
}

/**
 * A real SMTP server for tests (smtp-server: the protocol, on a free loopback port), keeping every
 * message it accepts parsed with a MIME parser. `stop()` and `start()` take it away and bring it back
 * on the same port, as a mail server that restarts.
 */
export class TestSmtp {
  readonly received: Received[] = [];
  private server: SMTPServer | null = null;
  /** answers every RCPT TO with this (e.g. 550) while set */
  refuseWith: number | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<TestSmtp> {
    const s = new TestSmtp(await freePort());
    await s.start();
    return s;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (addr, _session, cb) => {
        if (this.refuseWith) {
          const err = new Error('mailbox unavailable') as Error & { responseCode: number };
          err.responseCode = this.refuseWith;
          return cb(err);
        }
        cb();
      },
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw).then(
            (mail) => {
              this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail, raw });
              cb();
            },
            (err: Error) => cb(err),
          );
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((r) => s.close(() => r()));
  }

  /** Messages to `address`, in arrival order. */
  to(address: string): Received[] {
    return this.received.filter((r) => r.to.includes(address.toLowerCase()));
  }

  /** Waits for the `n`th message to `address` (1-based), up to `ms`. */
  async waitFor(address: string, n = 1, ms = 15_000): Promise<Received> {
    const until = Date.now() + ms;
    for (;;) {
      const got = this.to(address);
      if (got.length >= n) return got[n - 1]!;
      if (Date.now() > until)
        throw new Error(`no message #${n} to ${address} within ${ms} ms (${got.length} so far)`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** The first link in a message's text part whose path starts with `path`. */
export function linkIn(r: Received, path: string): string {
  const m = (r.mail.text ?? '').match(new RegExp(`https?://[^\\s]+${path.replace(/\//g, '\\/')}[^\\s]*`));
  if (!m) throw new Error(`no ${path} link in: ${r.mail.text}`);
  return m[0];
}
