import express, { Router } from 'express';
import { z } from 'zod';
import { requestLanguage, serverText, type OriginPolicy, type ServerText } from '@afterglow/service-kit';
import { passwordProblem } from '../identity/local-accounts';
import type { AccountRecovery } from '../identity/recovery';
import { forgotPage, messagePage, resetPage } from './pages';

const emailSchema = z.email().max(254);
const forgotForm = z.object({
  email: z.string().trim().toLowerCase().max(254),
  uid: z.string().max(100).optional(),
});
const resetForm = z.object({ password: z.string().max(1024), confirm: z.string().max(1024) });

/**
 * The embedded identity provider's pages for an account that looks after itself (ADR 035):
 * 'Forgot password?' → a link by e-mail → a new password; and the links that confirm an address.
 * The answer to 'Forgot password?' is the same whether or not the address has an account.
 */
export function recoveryRouter(recovery: AccountRecovery, origins: OriginPolicy): Router {
  const r = Router();
  const form = express.urlencoded({ extended: false, limit: '8kb' });
  const page = (req: express.Request, res: express.Response): ServerText => {
    const lang = requestLanguage(req);
    res.set('Cache-Control', 'no-store').set('Content-Language', lang).set('Referrer-Policy', 'no-referrer');
    return serverText(lang);
  };
  const uidOf = (v: unknown) => (typeof v === 'string' && /^[\w-]{1,100}$/.test(v) ? v : undefined);

  r.get('/idp/forgot', (req, res) => {
    const t = page(req, res);
    res.type('html').send(forgotPage(t, { uid: uidOf(req.query.uid) }));
  });

  r.post('/idp/forgot', form, async (req, res) => {
    const t = page(req, res);
    const f = forgotForm.safeParse(req.body ?? {});
    const uid = uidOf(f.data?.uid);
    if (!f.success || !emailSchema.safeParse(f.data.email).success)
      return res
        .status(400)
        .type('html')
        .send(
          forgotPage(t, {
            uid,
            email: f.data?.email,
            error: t('idp.error.email', 'Enter a valid email address.'),
          }),
        );
    const account = await recovery.accountByEmail(f.data.email);
    if (account) {
      const origin = origins.browserOrigin(req);
      await recovery.sendLink(
        account,
        'reset',
        account.email,
        (token) => `${origin}/idp/reset/${token}`,
        t.locale,
      );
    }
    res.type('html').send(
      messagePage(
        t,
        t('idp.forgot.sentTitle', 'Check your email'),
        t(
          'idp.forgot.sent',
          'If an account exists for {email}, we have sent it a link to choose a new password. The link works for one hour.',
          { email: f.data.email },
        ),
        {
          href: uid ? `/idp/interaction/${uid}` : '/api/login',
          label: t('idp.forgot.back', 'Back to sign in'),
        },
      ),
    );
  });

  const expired = (t: ServerText) =>
    messagePage(
      t,
      t('idp.reset.expiredTitle', 'Link expired'),
      t('idp.reset.expired', 'This link has expired or was already used. Ask for a new one.'),
      { href: '/idp/forgot', label: t('idp.reset.again', 'Send a new link') },
    );

  r.get('/idp/reset/:token', async (req, res) => {
    const t = page(req, res);
    const ok = await recovery.peek(String(req.params.token), 'reset');
    if (!ok) return res.status(400).type('html').send(expired(t));
    res.type('html').send(resetPage(t, { token: String(req.params.token) }));
  });

  r.post('/idp/reset/:token', form, async (req, res) => {
    const t = page(req, res);
    const token = String(req.params.token);
    const f = resetForm.safeParse(req.body ?? {});
    const again = (error: string) => res.status(400).type('html').send(resetPage(t, { token, error }));
    if (!f.success) return again(t('idp.reset.missing', 'Enter the new password twice.'));
    const problem = passwordProblem(f.data.password, t);
    if (problem) return again(problem);
    if (f.data.password !== f.data.confirm)
      return again(t('idp.reset.mismatch', 'The two passwords are not the same.'));
    const account = await recovery.reset(token, f.data.password);
    if (!account) return res.status(400).type('html').send(expired(t));
    res
      .type('html')
      .send(
        messagePage(
          t,
          t('idp.reset.doneTitle', 'Password changed'),
          t(
            'idp.reset.done',
            'Your password has been changed and every device was signed out. Sign in with your new password.',
          ),
          { href: '/api/login?returnTo=/dashboard', label: t('idp.signIn.submit', 'Sign in') },
        ),
      );
  });

  r.get('/idp/confirm/:token', async (req, res) => {
    const t = page(req, res);
    const outcome = await recovery.confirm(String(req.params.token));
    const dashboard = { href: '/dashboard', label: t('idp.confirm.dashboard', 'Go to My Dashboard') };
    if (outcome === 'confirmed')
      return res
        .type('html')
        .send(
          messagePage(
            t,
            t('idp.confirm.doneTitle', 'Address confirmed'),
            t('idp.confirm.done', 'Thank you: your e-mail address is confirmed.'),
            dashboard,
          ),
        );
    if (outcome === 'changed')
      return res
        .type('html')
        .send(
          messagePage(
            t,
            t('idp.confirm.changedTitle', 'Address changed'),
            t(
              'idp.confirm.changed',
              'Your account now uses this e-mail address. Sign in with it from now on.',
            ),
            dashboard,
          ),
        );
    res
      .status(400)
      .type('html')
      .send(
        messagePage(
          t,
          t('idp.confirm.badTitle', 'Link not valid'),
          outcome === 'taken'
            ? t('idp.confirm.taken', 'Another account already uses this e-mail address.')
            : t(
                'idp.confirm.bad',
                'This link has expired or was already used. Sign in and ask for a new one on My Dashboard.',
              ),
          dashboard,
        ),
      );
  });
  return r;
}
