import { QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '@afterglow/contracts';
import { ApiError, createQueryClient } from '@afterglow/ui';
import { AccountCard } from './AccountCard';
import { changeEmail, changePassword, fieldErrorsOf } from './account-api';
import {
  PASSWORDS_DIFFER,
  checkEmailChange,
  checkPasswordChange,
  type EmailField,
  type FieldMessages,
  type PasswordField,
} from './account-text';
import { EmailFormView } from './EmailForm';
import { PasswordFormView } from './PasswordForm';
import type { AccountForm } from './useAccountForm';

const render = (el: ReactElement) =>
  renderToStaticMarkup(createElement(QueryClientProvider, { client: createQueryClient() }, el));

/** A form as its hook has it after a submit: these messages on its fields. */
function formWith<F extends string>(
  fields: readonly F[],
  errors: FieldMessages<F>,
  problem?: unknown,
): AccountForm<F> {
  return {
    values: Object.fromEntries(fields.map((f) => [f, ''])) as Record<F, string>,
    errors,
    problem,
    pending: false,
    input: (f) => ({ value: '', onChange: () => {}, ref: () => {}, name: f }),
    submit: () => {},
  };
}
const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** The input labelled `label`, and the text its aria-describedby points to. */
function field(html: string, label: string) {
  const id = new RegExp(`<label for="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1];
  expect(id, `a label '${label}'`).toBeTruthy();
  const input = new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
  const described = /aria-describedby="([^"]+)"/.exec(input)?.[1]?.split(' ') ?? [];
  const texts = described.map((d) => new RegExp(`id="${d}"[^>]*>([^<]*)<`).exec(html)?.[1]);
  return { input, invalid: input.includes('aria-invalid="true"'), texts };
}

const user = (over: Partial<AuthUser>): AuthUser => ({
  id: 'u1',
  email: 'ana@example.com',
  firstName: null,
  lastName: null,
  isAdmin: false,
  emailVerified: true,
  localAccount: true,
  ...over,
});

describe('Account: change password', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says so when the two new passwords are not the same, on the confirmation field', () => {
    const errors = checkPasswordChange({
      currentPassword: 'old secret',
      newPassword: 'new secret 1',
      confirmPassword: 'new secret 2',
    });
    expect(errors).toEqual({ confirmPassword: PASSWORDS_DIFFER });
    const html = render(createElement(PasswordFormView, { form: formWith(PASSWORD_FIELDS, errors) }));
    const confirm = field(html, 'Confirm new password');
    expect(confirm.invalid).toBe(true);
    expect(confirm.texts).toContain('The two passwords are not the same.');
    expect(html).toMatch(/role="alert"[^>]*>The two passwords are not the same\.</);
  });

  it('checks as the server does: the current password, and a new one of at least 8 characters', () => {
    const errors = checkPasswordChange({
      currentPassword: '',
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(Object.keys(errors).sort()).toEqual(['currentPassword', 'newPassword']);
    expect(
      checkPasswordChange({ currentPassword: 'a', newPassword: '12345678', confirmPassword: '12345678' }),
    ).toEqual({});
  });

  it('shows the server’s message on the field it names (400 errors[])', () => {
    const message = 'Dein aktuelles Passwort ist nicht richtig';
    const err = new ApiError(
      400,
      JSON.stringify({
        status: 400,
        code: 'wrong_password',
        detail: message,
        errors: [{ path: 'currentPassword', message }],
      }),
      'Bad Request',
    );
    const errors = fieldErrorsOf<PasswordField>(err, PASSWORD_FIELDS);
    expect(errors).toEqual({ currentPassword: message });
    const html = render(createElement(PasswordFormView, { form: formWith(PASSWORD_FIELDS, errors) }));
    const current = field(html, 'Current password');
    expect(current.invalid).toBe(true);
    expect(current.texts).toContain(message);
    expect(field(html, 'New password').invalid).toBe(false);
    // a failure of no field (a 429) is not put on a field
    expect(
      fieldErrorsOf(new ApiError(429, '{"code":"rate_limited"}', 'Too Many Requests'), PASSWORD_FIELDS),
    ).toEqual({});
  });

  it('sends the current and the new password', async () => {
    const fetch = vi.fn(async () => new Response('{"changed":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await changePassword({ currentPassword: 'old secret', newPassword: 'new secret' });
    expect(fetch).toHaveBeenCalledWith(
      '/api/account/password',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ currentPassword: 'old secret', newPassword: 'new secret' }),
      }),
    );
  });
});

describe('Account: change e-mail address', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the address and the password, and says where the link went', async () => {
    expect(Object.keys(checkEmailChange({ email: 'not an address', password: '' })).sort()).toEqual([
      'email',
      'password',
    ]);
    expect(checkEmailChange({ email: ' new@example.com ', password: 'secret' })).toEqual({});
    const fetch = vi.fn(async () => new Response('{"pending":"new@example.com"}', { status: 202 }));
    vi.stubGlobal('fetch', fetch);
    expect(await changeEmail({ email: 'new@example.com', password: 'secret' })).toEqual({
      pending: 'new@example.com',
    });
    const html = render(
      createElement(EmailFormView, {
        form: formWith<EmailField>(['email', 'password'], {}),
        sentTo: 'new@example.com',
      }),
    );
    expect(html).toMatch(
      /role="status"[^>]*>We sent a link to new@example\.com\. Your address changes when you follow it\.</,
    );
  });
});

describe('the Account card', () => {
  it('has both forms for an account of the built-in sign-in', () => {
    const html = render(createElement(AccountCard, { user: user({}) }));
    expect(html).toContain('Change password');
    expect(html).toContain('Change e-mail address');
    expect(html.match(/<form /g)).toHaveLength(2);
    expect(html.match(/<input [^>]*type="password"/g)).toHaveLength(4);
  });

  it('says where an external provider’s account changes them, with no form', () => {
    const html = render(createElement(AccountCard, { user: user({ localAccount: false }) }));
    expect(html).toContain('Your password and e-mail address are managed by your sign-in provider.');
    expect(html).not.toContain('<form');
    expect(html).not.toContain('<input');
  });
});
