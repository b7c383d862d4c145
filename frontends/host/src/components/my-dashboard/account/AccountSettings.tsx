import type { AuthUser } from '@afterglow/contracts';
import { AccountCard } from './AccountCard';
import { NotificationsCard } from './NotificationsCard';

/** Below the Overview: the account's password and address, and which e-mails it gets. */
export function AccountSettings({ user }: { user: AuthUser }) {
  return (
    <div className="mt-6 grid items-start gap-6 md:grid-cols-2">
      <AccountCard user={user} />
      <NotificationsCard />
    </div>
  );
}
