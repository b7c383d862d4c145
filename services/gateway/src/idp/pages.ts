import { escapeHtml, htmlLanguage, type ServerText } from '@afterglow/service-kit';

/**
 * HTML of the embedded identity provider's pages, in the language of the person reading them (`t`:
 * service-kit's serverText for their request). Every value is escaped; no script runs.
 */
export const esc = escapeHtml;

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:linear-gradient(135deg,#fdf2f8,#fff,#fef3c7);color:#1f2937}
main{width:100%;max-width:380px;margin:16px;padding:28px 24px;background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(0,0,0,.08)}
h1{font-size:1.5rem;margin:0 0 4px}p.lead{margin:0 0 20px;color:#6b7280}
label{display:block;font-weight:600;font-size:.9rem;margin:14px 0 6px}
input{width:100%;padding:12px;border:1px solid #d1d5db;border-radius:10px;font-size:1rem}
input:focus{outline:3px solid #f9a8d4;border-color:#f472b6}
.row{display:flex;gap:10px}.row>div{flex:1}
.hint{font-size:.8rem;color:#6b7280;margin-top:4px}
.actions{display:flex;flex-direction:column;gap:10px;margin-top:22px}
button{padding:12px;border-radius:10px;border:0;font-size:1rem;font-weight:600;cursor:pointer}
button.primary{background:#db2777;color:#fff}button.secondary{background:#fff;color:#9d174d;border:2px solid #f9a8d4}
button:focus-visible{outline:3px solid #1f2937;outline-offset:2px}
.error{background:#fef2f2;color:#991b1b;border:1px solid #fecaca;padding:10px 12px;border-radius:10px;margin-bottom:8px}
details{margin-top:14px}summary{cursor:pointer;color:#9d174d;font-weight:600}
a{color:#9d174d}`;

function layout(t: ServerText, title: string, body: string): string {
  return `<!doctype html><html ${htmlLanguage(t.locale)}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · Afterglow</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function loginPage(
  t: ServerText,
  opts: {
    uid: string;
    email?: string;
    error?: string;
    firstName?: string;
    lastName?: string;
  },
): string {
  const err = opts.error ? `<div class="error" role="alert">${esc(opts.error)}</div>` : '';
  return layout(
    t,
    t('idp.signIn.title', 'Sign in'),
    `<h1>Afterglow</h1><p class="lead">${esc(t('idp.signIn.lead', 'Sign in to host your events, or create an account.'))}</p>${err}
<form method="post" action="/idp/interaction/${esc(opts.uid)}/login" novalidate>
<label for="email">${esc(t('idp.signIn.email', 'Email'))}</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${esc(opts.email)}"${opts.error ? ' aria-invalid="true"' : ''}>
<label for="password">${esc(t('idp.signIn.password', 'Password'))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required minlength="8" aria-describedby="pw-hint">
<div class="hint" id="pw-hint">${esc(t('idp.signIn.passwordHint', 'At least 8 characters.'))}</div>
<details><summary>${esc(t('idp.signIn.addName', 'New here? Add your name (optional)'))}</summary>
<div class="row"><div><label for="firstName">${esc(t('idp.signIn.firstName', 'First name'))}</label><input id="firstName" name="firstName" autocomplete="given-name" maxlength="60" value="${esc(opts.firstName)}"></div>
<div><label for="lastName">${esc(t('idp.signIn.lastName', 'Last name'))}</label><input id="lastName" name="lastName" autocomplete="family-name" maxlength="60" value="${esc(opts.lastName)}"></div></div>
</details>
<div class="actions">
<button class="primary" type="submit" name="action" value="signin">${esc(t('idp.signIn.submit', 'Sign in'))}</button>
<button class="secondary" type="submit" name="action" value="create">${esc(t('idp.signIn.create', 'Create account'))}</button>
</div></form>
<p style="margin-top:18px;text-align:center"><a href="/idp/forgot?uid=${esc(encodeURIComponent(opts.uid))}">${esc(t('idp.signIn.forgot', 'Forgot password?'))}</a></p>
<p style="margin-top:8px;text-align:center"><a href="/idp/interaction/${esc(opts.uid)}/abort">${esc(t('idp.signIn.cancel', 'Cancel and go back'))}</a></p>`,
  );
}

export function messagePage(
  t: ServerText,
  title: string,
  message: string,
  next: { href: string; label: string } = { href: '/', label: t('idp.message.back', 'Back to Afterglow') },
): string {
  return layout(
    t,
    title,
    `<h1>${esc(title)}</h1><p class="lead" role="status">${esc(message)}</p><p><a href="${esc(next.href)}">${esc(next.label)}</a></p>`,
  );
}

/** 'Forgot password?': the address to send a reset link to (ADR 035). */
export function forgotPage(t: ServerText, opts: { uid?: string; email?: string; error?: string }): string {
  const err = opts.error ? `<div class="error" role="alert">${esc(opts.error)}</div>` : '';
  const back = opts.uid ? `/idp/interaction/${esc(opts.uid)}` : '/api/login';
  return layout(
    t,
    t('idp.forgot.title', 'Forgot password?'),
    `<h1>${esc(t('idp.forgot.title', 'Forgot password?'))}</h1><p class="lead">${esc(t('idp.forgot.lead', "Enter your account's email address and we will send you a link to choose a new password."))}</p>${err}
<form method="post" action="/idp/forgot" novalidate>
${opts.uid ? `<input type="hidden" name="uid" value="${esc(opts.uid)}">` : ''}
<label for="email">${esc(t('idp.signIn.email', 'Email'))}</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${esc(opts.email)}"${opts.error ? ' aria-invalid="true"' : ''}>
<div class="actions"><button class="primary" type="submit">${esc(t('idp.forgot.submit', 'Send reset link'))}</button></div></form>
<p style="margin-top:18px;text-align:center"><a href="${back}">${esc(t('idp.forgot.back', 'Back to sign in'))}</a></p>`,
  );
}

/** A reset link's page: the new password, twice. */
export function resetPage(t: ServerText, opts: { token: string; error?: string }): string {
  const err = opts.error ? `<div class="error" role="alert">${esc(opts.error)}</div>` : '';
  return layout(
    t,
    t('idp.reset.title', 'Choose a new password'),
    `<h1>${esc(t('idp.reset.title', 'Choose a new password'))}</h1><p class="lead">${esc(t('idp.reset.lead', 'Every device signed in to your account will be signed out.'))}</p>${err}
<form method="post" action="/idp/reset/${esc(encodeURIComponent(opts.token))}" novalidate>
<label for="password">${esc(t('idp.reset.password', 'New password'))}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="8" aria-describedby="pw-hint"${opts.error ? ' aria-invalid="true"' : ''}>
<div class="hint" id="pw-hint">${esc(t('idp.signIn.passwordHint', 'At least 8 characters.'))}</div>
<label for="confirm">${esc(t('idp.reset.confirm', 'New password again'))}</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required minlength="8">
<div class="actions"><button class="primary" type="submit">${esc(t('idp.reset.submit', 'Set new password'))}</button></div></form>`,
  );
}

/** The provider's sign-out confirmation, submitted at once by a nonce-allowed script (a button remains without script). */
export function logoutPage(t: ServerText, form: string, nonce: string): string {
  return layout(
    t,
    t('idp.signOut.title', 'Signing out'),
    `<h1>${esc(t('idp.signOut.heading', 'Signing out…'))}</h1>${form}<div class="actions"><button class="primary" type="submit" form="op.logoutForm" value="yes" name="logout">${esc(t('idp.signOut.submit', 'Sign out'))}</button></div>
<script nonce="${esc(nonce)}">var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();</script>`,
  );
}
