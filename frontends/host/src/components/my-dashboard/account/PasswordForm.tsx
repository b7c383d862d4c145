import { useId } from 'react';
import { Button, toast, translator } from '@afterglow/ui';
import { useT } from '../../../text';
import { Field, inputClass } from '../../Field';
import { changePassword } from './account-api';
import { checkPasswordChange, shown, type PasswordField } from './account-text';
import { FormProblem } from './FormProblem';
import { useAccountForm, type AccountForm } from './useAccountForm';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** Change password (POST /api/account/password): every other device of the account is signed out. */
export function PasswordForm() {
  const form = useAccountForm<PasswordField, unknown>({
    fields: FIELDS,
    check: checkPasswordChange,
    send: (v) => changePassword({ currentPassword: v.currentPassword, newPassword: v.newPassword }),
    onDone: () => {
      const t = translator();
      toast({
        title: t('account.password.changed', 'Your password was changed. Other devices were signed out.'),
        variant: 'success',
      });
    },
  });
  return <PasswordFormView form={form} />;
}

export function PasswordFormView({ form }: { form: AccountForm<PasswordField> }) {
  const t = useT();
  const id = useId();
  const heading = `${id}-heading`;
  const { errors, input } = form;
  return (
    <form noValidate aria-labelledby={heading} onSubmit={form.submit} className="space-y-4">
      <h3 id={heading} className="text-lg font-semibold">
        {t('account.password.title', 'Change password')}
      </h3>
      <Field
        id={`${id}-current`}
        label={t('account.password.current', 'Current password')}
        error={shown(t, errors.currentPassword)}
      >
        {(a11y) => (
          <input
            {...a11y}
            {...input('currentPassword')}
            type="password"
            autoComplete="current-password"
            className={inputClass}
          />
        )}
      </Field>
      <Field
        id={`${id}-new`}
        label={t('account.password.new', 'New password')}
        hint={t('account.password.hint', 'At least 8 characters.')}
        error={shown(t, errors.newPassword)}
      >
        {(a11y) => (
          <input
            {...a11y}
            {...input('newPassword')}
            type="password"
            autoComplete="new-password"
            className={inputClass}
          />
        )}
      </Field>
      <Field
        id={`${id}-confirm`}
        label={t('account.password.confirm', 'Confirm new password')}
        error={shown(t, errors.confirmPassword)}
      >
        {(a11y) => (
          <input
            {...a11y}
            {...input('confirmPassword')}
            type="password"
            autoComplete="new-password"
            className={inputClass}
          />
        )}
      </Field>
      <FormProblem problem={form.problem} />
      <Button type="submit" disabled={form.pending} className="w-full sm:w-auto">
        {form.pending ? t('common.saving', 'Saving...') : t('account.password.submit', 'Change password')}
      </Button>
    </form>
  );
}
