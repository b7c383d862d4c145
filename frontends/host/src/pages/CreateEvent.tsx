import type { HostEvent } from '@afterglow/contracts';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EventCreated } from '../components/create/EventCreated';
import { EventForm } from '../components/create/EventForm';
import { AuthGate } from '../components/LoginRequired';
import { useT } from '../text';

/** /create-event: the form, then the success screen with the share panel. */
export function CreateEvent() {
  const t = useT();
  return (
    <AuthGate message={t('create.login', 'Please log in to create an event')} returnTo="/create-event">
      <CreateEventPage />
    </AuthGate>
  );
}

function CreateEventPage() {
  const t = useT();
  const [params] = useSearchParams();
  const paid = params.get('success') === 'true';
  const [created, setCreated] = useState<HostEvent | null>(null);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      {paid && (
        <div
          role="status"
          className="mb-6 flex items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900"
        >
          <CircleCheck aria-hidden className="h-5 w-5 shrink-0" />
          <p>
            {t('create.paid', 'Payment successful! Thank you for your purchase. Create your event below.')}
          </p>
        </div>
      )}
      {created ? (
        <EventCreated event={created} />
      ) : (
        <>
          <header className="mb-8 text-center">
            <h1 className="text-3xl font-extrabold sm:text-4xl">{t('create.title', 'Create Your Event')}</h1>
            <p className="mt-2 text-neutral-600">
              {t(
                'create.intro',
                'Set up a disposable camera for your guests. You’ll get a code, a QR code and a link to share.',
              )}
            </p>
          </header>
          <EventForm onCreated={setCreated} />
        </>
      )}
    </div>
  );
}
