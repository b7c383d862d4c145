import type { AuthUser } from '@afterglow/contracts';
import { useAuth } from '@afterglow/ui';
import { Tabs } from '@afterglow/ui/tabs';
import { AuthGate } from '../components/LoginRequired';
import { AccountSettings } from '../components/my-dashboard/account/AccountSettings';
import { ConfirmEmailBanner } from '../components/my-dashboard/account/ConfirmEmailBanner';
import { MyEventsPanel } from '../components/my-dashboard/MyEventsPanel';
import { OverviewPanel } from '../components/my-dashboard/OverviewPanel';
import { UpgradePanel } from '../components/my-dashboard/UpgradePanel';
import { UserStatCards } from '../components/my-dashboard/UserStatCards';
import { useUserStats } from '../hooks/useMyDashboard';
import { useT } from '../text';

/** /dashboard: the signed-in user's own page: their plan and totals, their events, upgrades. */
export function MyDashboard() {
  const t = useT();
  return (
    <AuthGate message={t('myDashboard.login', 'Please log in to view your dashboard')} returnTo="/dashboard">
      <SignedIn />
    </AuthGate>
  );
}

function SignedIn() {
  const { user } = useAuth();
  return user ? <Dashboard user={user} /> : null;
}

function Dashboard({ user }: { user: AuthUser }) {
  const t = useT();
  const stats = useUserStats();
  const name = user.firstName?.trim() || user.email;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:py-10">
      <header className="min-w-0">
        <h1 className="break-words text-3xl font-extrabold sm:text-4xl">
          {t('myDashboard.welcome', 'Welcome back, {name}!', { name })}
        </h1>
        <p className="mt-1 text-neutral-600">
          {t('myDashboard.intro', 'Your plan, your events and everything your guests shot.')}
        </p>
      </header>
      <ConfirmEmailBanner user={user} />
      <UserStatCards stats={stats.data} error={stats.error} onRetry={() => void stats.refetch()} />
      <Tabs
        label={t('myDashboard.sections', 'Dashboard sections')}
        tabs={[
          {
            id: 'overview',
            label: t('myDashboard.overview', 'Overview'),
            panel: (
              <>
                <OverviewPanel user={user} stats={stats.data} />
                <AccountSettings user={user} />
              </>
            ),
          },
          { id: 'events', label: t('myEvents.title', 'My Events'), panel: <MyEventsPanel /> },
          {
            id: 'upgrade',
            label: t('common.upgrade', 'Upgrade'),
            panel: <UpgradePanel currentPlan={stats.data?.currentPlan} />,
          },
        ]}
      />
    </div>
  );
}
