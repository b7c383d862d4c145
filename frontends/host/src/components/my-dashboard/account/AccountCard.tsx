import type { AuthUser } from '@afterglow/contracts';
import { KeyRound } from 'lucide-react';
import { useId } from 'react';
import { Card } from '@afterglow/ui';
import { useT } from '../../../text';
import { EmailForm } from './EmailForm';
import { PasswordForm } from './PasswordForm';

/**
 * 'Account': the password and the e-mail address of an account of the built-in sign-in (ADR 035). An
 * external provider's accounts change them at the provider.
 */
export function AccountCard({ user }: { user: AuthUser }) {
  const t = useT();
  const heading = useId();
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={heading} className="space-y-6">
        <h2 id={heading} className="flex items-center gap-2 text-xl font-bold">
          <KeyRound aria-hidden className="h-5 w-5 text-[var(--ag-primary-ink)]" />
          {t('account.title', 'Account')}
        </h2>
        {user.localAccount ? (
          <>
            <PasswordForm />
            <hr className="border-neutral-200" />
            <EmailForm />
          </>
        ) : (
          <p className="text-neutral-700">
            {t('account.external', 'Your password and e-mail address are managed by your sign-in provider.')}
          </p>
        )}
      </section>
    </Card>
  );
}
