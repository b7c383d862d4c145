import { useId, useState } from 'react';
import { Loader2, Mail } from 'lucide-react';
import { Button } from '@afterglow/ui';
import { useT } from '../text';
import { looksLikeEmail } from './actions';

/**
 * 'Or by e-mail': an address and 'Remind me'. `busy` while any reminder call is under way, `sending`
 * while this one is; `error` is the server's refusal of the last address sent.
 */
export function EmailForm({
  busy,
  sending,
  error,
  onSubmit,
}: {
  busy: boolean;
  sending: boolean;
  error: string | null;
  onSubmit: (email: string) => void;
}) {
  const t = useT();
  const id = useId();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const shown = invalid ? t('reminder.emailInvalid', 'Enter a valid email address.') : error;

  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (busy) return;
        const address = email.trim();
        if (!looksLikeEmail(address)) {
          setInvalid(true);
          return;
        }
        setInvalid(false);
        onSubmit(address);
      }}
    >
      <label htmlFor={id} className="block text-sm font-semibold text-neutral-800">
        {t('reminder.emailLabel', 'Or by e-mail')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          type="email"
          name="email"
          inputMode="email"
          autoComplete="email"
          enterKeyHint="send"
          maxLength={254}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setInvalid(false);
          }}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          className="h-11 w-full min-w-0 rounded-xl border-2 border-neutral-300 bg-white px-4 text-neutral-900 placeholder:text-neutral-500 focus:border-[var(--ag-primary-strong)] focus:outline-none focus:ring-4 focus:ring-[var(--ag-primary-soft)] sm:flex-1"
        />
        <Button type="submit" disabled={busy} className="w-full shrink-0 sm:w-auto">
          {sending ? (
            <Loader2 aria-hidden className="h-5 w-5 animate-spin" />
          ) : (
            <Mail aria-hidden className="h-5 w-5" />
          )}
          {t('reminder.remindMe', 'Remind me')}
        </Button>
      </div>
      {shown && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {shown}
        </p>
      )}
    </form>
  );
}
