import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, Camera, PartyPopper } from 'lucide-react';
import { Button, Card, buttonClass } from '@afterglow/ui';
import { CodeField } from '../components/CodeField';
import { QrScanButton } from '../join/QrScanButton';
import { isCompleteCode } from '../lib/code';
import { useT } from '../text';

/** /join: type the host's 6-character code. */
export function JoinByCode() {
  const t = useT();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const complete = isCompleteCode(code);
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <div className="mb-6 text-center">
        <div className="mx-auto mb-4 flex h-16 w-16 items-center justify-center rounded-full bg-[var(--ag-primary-soft)] text-[var(--ag-primary-ink)]">
          <Camera aria-hidden className="h-8 w-8" />
        </div>
        <h1 className="text-3xl font-bold text-neutral-900">{t('join.title', 'Join an Event')}</h1>
        <p className="mt-2 text-neutral-700">
          {t('joinByCode.intro', 'Enter the code your host shared to get your roll of film.')}
        </p>
      </div>
      <Card className="p-5 sm:p-6">
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (complete) navigate(`/join/${code}`);
          }}
        >
          <CodeField
            value={code}
            onChange={setCode}
            showError={touched && code.length > 0}
            onBlur={() => setTouched(true)}
          />
          <Button type="submit" size="lg" className="w-full" disabled={!complete}>
            {t('common.joinEvent', 'Join Event')}
          </Button>
        </form>
        <div className="mt-3">
          <QrScanButton />
        </div>
      </Card>
      <div className="mt-6 flex flex-col gap-3">
        <Link to="/create-event" className={buttonClass('outline', 'md', 'w-full')}>
          <PartyPopper aria-hidden className="h-5 w-5" />
          {t('joinByCode.create', 'Create Your Own Event')}
        </Link>
        <Link to="/" className={buttonClass('ghost', 'md', 'w-full')}>
          <ArrowLeft aria-hidden className="h-5 w-5 rtl:-scale-x-100" />
          {t('common.backHome', 'Back to Home')}
        </Link>
      </div>
    </div>
  );
}
