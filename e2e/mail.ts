import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';

/** The e2e server's data dir (playwright.config.ts): without SMTP_URL its e-mails are kept there. */
export const E2E_DATA_DIR = 'test-results/e2e-data';

/**
 * The newest link starting with `path` in an e-mail to `to`, as a person finds it in their inbox: the
 * server keeps each message as a `.eml` file under `<dataDir>/mail` when it has no SMTP server (ADR 035).
 * Waits up to `ms` for it to arrive.
 */
export async function linkFromMail(
  to: string,
  path: string,
  dataDir = E2E_DATA_DIR,
  ms = 15_000,
): Promise<string> {
  const dir = join(dataDir, 'mail');
  const until = Date.now() + ms;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort((a, b) => statSync(join(dir, b)).mtimeMs - statSync(join(dir, a)).mtimeMs);
    } catch {
      // no message yet
    }
    for (const f of files) {
      const raw = readFileSync(join(dir, f));
      if (!raw.includes(to)) continue;
      const mail = await simpleParser(raw);
      const addresses = [mail.to].flat().flatMap((a) => a?.value.map((v) => v.address?.toLowerCase()) ?? []);
      if (!addresses.includes(to.toLowerCase())) continue;
      const link = (mail.text ?? '').match(new RegExp(`https?://\\S+${path.replace(/\//g, '\\/')}\\S*`))?.[0];
      if (link) return link;
    }
    if (Date.now() > until) throw new Error(`no e-mail to ${to} with a ${path} link in ${dir}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
