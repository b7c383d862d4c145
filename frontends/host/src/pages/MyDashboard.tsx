import { CreditCard, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Card, buttonClass, useAuth } from '@afterglow/ui';
import { AuthGate } from '../components/LoginRequired';

/** /dashboard: the signed-in user's page (their stats and event list come in a later release). */
export function MyDashboard() {
  return (
    <AuthGate message="Please log in to view your dashboard" returnTo="/dashboard">
      <Greeting />
    </AuthGate>
  );
}

function Greeting() {
  const { user } = useAuth();
  const name = user?.firstName?.trim() || user?.email || 'there';
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-10">
      <header>
        <h1 className="text-3xl font-extrabold">Welcome back, {name}!</h1>
        {user && <p className="mt-1 text-neutral-600">Signed in as {user.email}</p>}
      </header>
      <Card>
        <h2 className="mb-2 text-xl font-bold">Quick Actions</h2>
        <p className="mb-5 text-neutral-600">
          Create an event to get a code, a QR code and a link for your guests. Each event has its own host
          dashboard.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to="/create-event" className={buttonClass('primary')}>
            <Plus aria-hidden className="h-5 w-5" />
            Create New Event
          </Link>
          <Link to="/pricing" className={buttonClass('outline')}>
            <CreditCard aria-hidden className="h-5 w-5" />
            View Pricing Plans
          </Link>
        </div>
      </Card>
    </div>
  );
}
