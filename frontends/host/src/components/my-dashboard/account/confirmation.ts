import type { AuthUser } from '@afterglow/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { AUTH_KEY, toast, translator } from '@afterglow/ui';
import { resendConfirmation, type ConfirmationAnswer } from './account-api';

/** The reminder shows for an account of the built-in sign-in whose address is not confirmed yet. */
export const needsConfirmation = (user: AuthUser | null | undefined): user is AuthUser =>
  !!user?.localAccount && !user.emailVerified;

/**
 * 'Send the link again' (POST /api/account/confirmation): a toast says where the new link went; an
 * address confirmed meanwhile (200) is marked so on the signed-in user, which hides the reminder.
 */
export function resendMutation(qc: QueryClient, email: string) {
  return {
    mutationFn: () => resendConfirmation(),
    onSuccess: (answer: ConfirmationAnswer) => {
      if (answer.emailVerified) {
        qc.setQueryData<AuthUser | null>(AUTH_KEY, (u) => (u ? { ...u, emailVerified: true } : u));
        return;
      }
      const t = translator();
      toast({
        title: t('confirmEmail.sent', 'We sent a new link to {email}.', { email }),
        variant: 'success',
      });
    },
  };
}
