import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** A message ready to go out. */
export interface OutgoingMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  lang: string;
  unsubscribeUrl: string | null;
}

/** How a send failed: `permanent` (a 5xx answer: retrying cannot help) or worth another try. */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface MailTransport {
  /** `smtp`: sent to a server; `files`: kept as .eml files (no SMTP_URL) */
  readonly kind: 'smtp' | 'files';
  /** where files are kept (files only) */
  readonly dir?: string;
  send(m: OutgoingMail): Promise<void>;
  close(): void;
}

/** nodemailer's message: both parts, the language, and List-Unsubscribe with its one-click POST (RFC 8058). */
function message(m: OutgoingMail) {
  return {
    from: m.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    messageId: `<${m.id}@afterglow>`,
    headers: { 'Content-Language': m.lang, 'Auto-Submitted': 'auto-generated' },
    ...(m.unsubscribeUrl
      ? {
          list: { unsubscribe: { url: m.unsubscribeUrl } },
          headers: {
            'Content-Language': m.lang,
            'Auto-Submitted': 'auto-generated',
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}

/** The server's answer, without the recipient's address (addresses never go into logs or errors). */
function describe(err: unknown): SendError {
  const e = err as { responseCode?: number; code?: string; message?: string; response?: string };
  const code = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const what = code
    ? `${code} ${String(e.response ?? '').replace(/<[^>]*@[^>]*>/g, '<…>')}`
    : (e.code ?? 'error');
  return new SendError(what.slice(0, 300), code !== undefined && code >= 500 && code < 600);
}

/** SMTP at `url` (smtp:// with STARTTLS where the server offers it, smtps:// with TLS from the start). */
export function smtpTransport(url: string): MailTransport {
  const t = nodemailer.createTransport(url, {});
  return {
    kind: 'smtp',
    async send(m) {
      try {
        await t.sendMail(message(m));
      } catch (err) {
        throw describe(err);
      }
    },
    close() {
      t.close();
    },
  };
}

/** No SMTP server (a laptop at a venue): each message is kept in `dir` as `<time>-<id>.eml`. */
export function fileTransport(dir: string): MailTransport {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'files',
    dir,
    async send(m) {
      const info = await t.sendMail(message(m));
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(join(dir, `${stamp}-${m.id}.eml`), info.message as Buffer);
    },
    close() {},
  };
}
