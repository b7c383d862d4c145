import type { AuthUser } from '@afterglow/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@afterglow/ui';
import { problemText } from '../../../lib/problems';
import { useT } from '../../../text';
import { needsConfirmation, resendMutation } from './confirmation';

/** Near the top of My Dashboard while the account's e-mail address is not confirmed (ADR 035). */
export function ConfirmEmailBanner({ user }: { user: AuthUser }) {
  if (!needsConfirmation(user)) return null;
  return <Reminder email={user.email} />;
}

/** The reminder with its 'Send the link again' (also where checkout asks for a confirmed address). */
export function Reminder({ email }: { email: string }) {
  const t = useT();
  const id = useId();
  const resend = useMutation(resendMutation(useQueryClient(), email));
  return (
    <section
      aria-labelledby={`${id}-text`}
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center"
    >
      <MailWarning aria-hidden className="hidden h-6 w-6 shrink-0 sm:block" />
      <div className="min-w-0 flex-1">
        <p id={`${id}-text`} className="break-words">
          {t.rich('confirmEmail.text', 'Please confirm your e-mail address. We sent a link to {email}.', {
            email: <strong className="break-all">{email}</strong>,
          })}
        </p>
        {resend.isError && (
          <p role="alert" className="mt-2 text-sm font-medium text-red-800">
            {problemText(
              t,
              resend.error,
              t('common.checkConnection', 'Check your connection and try again.'),
            )}
          </p>
        )}
      </div>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0 self-start sm:self-center"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {resend.isPending
          ? t('confirmEmail.sending', 'Sending...')
          : t('confirmEmail.resend', 'Send the link again')}
      </Button>
    </section>
  );
}
