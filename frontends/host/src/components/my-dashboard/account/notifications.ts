import type { MailPreference, MailPreferences } from '@afterglow/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notificationsKey, updateNotifications } from './account-api';

export type NotificationChange = Partial<MailPreferences>;

/** GET /api/user/notifications: which host notices the account gets by e-mail. */
export function useNotificationSettings() {
  return useQuery<MailPreferences>({ queryKey: notificationsKey, refetchOnMount: 'always' });
}

const only = (from: MailPreferences, keys: string[]): NotificationChange =>
  Object.fromEntries(keys.map((k) => [k, from[k as MailPreference]]));

/**
 * PUT /api/user/notifications with just the setting changed. The switch moves at once; a failure puts
 * back what that setting was (and only that one: another switch may have changed meanwhile), and the
 * answer sets only the settings this change sent.
 */
export function notificationMutation(qc: QueryClient) {
  return {
    mutationFn: (change: NotificationChange) => updateNotifications(change),
    onMutate: async (change: NotificationChange) => {
      await qc.cancelQueries({ queryKey: notificationsKey });
      const before = qc.getQueryData<MailPreferences>(notificationsKey);
      if (before) qc.setQueryData<MailPreferences>(notificationsKey, { ...before, ...change });
      return { previous: before ? only(before, Object.keys(change)) : undefined };
    },
    onError: (
      _err: unknown,
      _change: NotificationChange,
      context: { previous: NotificationChange | undefined } | undefined,
    ) => {
      const previous = context?.previous;
      if (previous)
        qc.setQueryData<MailPreferences>(notificationsKey, (now) => (now ? { ...now, ...previous } : now));
    },
    onSuccess: (saved: MailPreferences, change: NotificationChange) => {
      qc.setQueryData<MailPreferences>(notificationsKey, (now) =>
        now ? { ...now, ...only(saved, Object.keys(change)) } : saved,
      );
    },
  };
}

export function useNotificationChange() {
  return useMutation(notificationMutation(useQueryClient()));
}
