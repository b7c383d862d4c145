import express, { Router } from 'express';
import { MAIL_UNSUBSCRIBE_PATH, mailPreferencesUpdate, parseOr400 } from '@afterglow/contracts';
import {
  escapeHtml,
  htmlLanguage,
  requestLanguage,
  requireUser,
  serverText,
  type ServerText,
} from '@afterglow/service-kit';
import type { Mailbox } from '../app/mailbox';

/** A small page of notify's own (the unsubscribe link opens it), in the reader's language. */
function page(t: ServerText, title: string, body: string): string {
  return (
    `<!doctype html><html ${htmlLanguage(t.locale)}><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Afterglow</title>` +
    '<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:32px 16px;background:#faf7f2;color:#1f1a17}' +
    'main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px}' +
    'button{font:inherit;font-weight:600;padding:12px 20px;border:0;border-radius:8px;background:#d9480f;color:#fff;cursor:pointer}' +
    'button:focus-visible{outline:3px solid #1f1a17;outline-offset:2px}</style></head>' +
    `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}

/** Notify's routes (ADR 035): a host's e-mail settings, and unsubscribing from a message's link. */
export function notifyRouter(mailbox: Mailbox, secret: Buffer, pushPublicKey: string): Router {
  const r = Router();
  const json = express.json({ limit: '4kb' });

  // the key a browser subscribes to push with (a guest's reveal reminder); public by nature
  r.get('/api/push/key', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').json({ publicKey: pushPublicKey });
  });

  r.get('/api/user/notifications', async (req, res) => {
    const user = requireUser(req, secret);
    res.set('Cache-Control', 'no-store').json(await mailbox.preferences(user.userId));
  });

  r.put('/api/user/notifications', json, async (req, res) => {
    const user = requireUser(req, secret);
    const change = parseOr400(mailPreferencesUpdate, req.body ?? {});
    res.set('Cache-Control', 'no-store').json(await mailbox.setPreferences(user.userId, change));
  });

  // The link in a message opens this page; only its button unsubscribes (mail scanners open links).
  r.get(MAIL_UNSUBSCRIBE_PATH, (req, res) => {
    const t = serverText(requestLanguage(req));
    const token = typeof req.query.t === 'string' ? req.query.t : '';
    res
      .status(200)
      .set('Cache-Control', 'no-store')
      .set('Content-Language', t.locale)
      .set('Referrer-Policy', 'no-referrer')
      .type('html')
      .send(
        page(
          t,
          t('mail.unsubscribePage.title', 'Unsubscribe'),
          `<p>${escapeHtml(t('mail.unsubscribePage.body', 'Stop getting e-mails like the one this link came in?'))}</p>` +
            `<form method="post" action="${MAIL_UNSUBSCRIBE_PATH}?t=${encodeURIComponent(token)}">` +
            `<button type="submit">${escapeHtml(t('mail.unsubscribePage.button', 'Unsubscribe'))}</button></form>`,
        ),
      );
  });

  // The page's button, and mail providers' one-click POST (RFC 8058: `List-Unsubscribe=One-Click`).
  r.post(MAIL_UNSUBSCRIBE_PATH, express.urlencoded({ extended: false, limit: '1kb' }), async (req, res) => {
    const t = serverText(requestLanguage(req));
    const ok = await mailbox.unsubscribe(typeof req.query.t === 'string' ? req.query.t : undefined);
    res
      .status(ok ? 200 : 400)
      .set('Cache-Control', 'no-store')
      .set('Content-Language', t.locale)
      .type('html')
      .send(
        ok
          ? page(
              t,
              t('mail.unsubscribed.title', 'Unsubscribed'),
              `<p>${escapeHtml(t('mail.unsubscribed.body', 'You will not get e-mails like that one any more. Hosts can turn each kind back on in My Dashboard.'))}</p>`,
            )
          : page(
              t,
              t('mail.unsubscribeBad.title', 'Link not recognised'),
              `<p>${escapeHtml(t('mail.unsubscribeBad.body', 'This unsubscribe link is not complete. Open it again from the e-mail.'))}</p>`,
            ),
      );
  });
  return r;
}
