import { useId, useState } from 'react';
import { ApiError, Button, translator } from '@afterglow/ui';
import { problemText } from '../../../lib/problems';
import { useT } from '../../../text';
import { Field, inputClass } from '../../Field';
import { changeEmail, fieldErrorsOf } from './account-api';
import { checkEmailChange, shown, type EmailField, type FieldMessages } from './account-text';
import { FormProblem } from './FormProblem';
import { useAccountForm, type AccountForm } from './useAccountForm';

const FIELDS = ['email', 'password'] as const;

/** The new address is the account's already: said on its field. */
function refusedFields(err: unknown): FieldMessages<EmailField> {
  if (err instanceof ApiError && err.code === 'same_email')
    return { email: problemText(translator(), err, err.detail) };
  return fieldErrorsOf(err, FIELDS);
}

/**
 * Change e-mail (POST /api/account/email): a link goes to the new address, and the account uses it
 * once the link is followed.
 */
export function EmailForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAccountForm<EmailField, { pending: string }>({
    fields: FIELDS,
    check: checkEmailChange,
    send: (v) => {
      setSentTo(null);
      return changeEmail({ email: v.email.trim(), password: v.password });
    },
    refusedFields,
    onDone: (answer, sent) => setSentTo(answer.pending || sent.email.trim()),
  });
  return <EmailFormView form={form} sentTo={sentTo} />;
}

export function EmailFormView({ form, sentTo }: { form: AccountForm<EmailField>; sentTo: string | null }) {
  const t = useT();
  const id = useId();
  const heading = `${id}-heading`;
  const { errors, input } = form;
  return (
    <form noValidate aria-labelledby={heading} onSubmit={form.submit} className="space-y-4">
      <h3 id={heading} className="text-lg font-semibold">
        {t('account.email.title', 'Change e-mail address')}
      </h3>
      <Field
        id={`${id}-email`}
        label={t('account.email.new', 'New e-mail address')}
        error={shown(t, errors.email)}
      >
        {(a11y) => (
          <input
            {...a11y}
            {...input('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            className={inputClass}
          />
        )}
      </Field>
      <Field
        id={`${id}-password`}
        label={t('account.password.current', 'Current password')}
        error={shown(t, errors.password)}
      >
        {(a11y) => (
          <input
            {...a11y}
            {...input('password')}
            type="password"
            autoComplete="current-password"
            className={inputClass}
          />
        )}
      </Field>
      <FormProblem problem={form.problem} />
      {/* always in the page, so that the message is announced when it appears */}
      <p
        role="status"
        className={sentTo ? 'rounded-xl bg-emerald-50 p-3 text-sm text-emerald-950' : 'sr-only'}
      >
        {sentTo
          ? t('account.email.sent', 'We sent a link to {email}. Your address changes when you follow it.', {
              email: sentTo,
            })
          : null}
      </p>
      <Button type="submit" disabled={form.pending} className="w-full sm:w-auto">
        {form.pending ? t('common.saving', 'Saving...') : t('account.email.submit', 'Change e-mail address')}
      </Button>
    </form>
  );
}
