import { lazy, Suspense, useState } from 'react';
import { Button } from '@afterglow/ui';
import { useT } from '../text';
import { QrCodeIcon } from './icons';

const QrScanDialog = lazy(async () => ({ default: (await import('./QrScanDialog')).QrScanDialog }));

/** 'Scan QR Code Instead': scans the host's QR code with the rear camera where the browser can. */
export function QrScanButton() {
  const t = useT();
  const [open, setOpen] = useState(false);
  // The dialog's code is fetched on the first tap and stays mounted after it.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        className="w-full"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <QrCodeIcon className="h-5 w-5" />
        {t('qr.scanInstead', 'Scan QR Code Instead')}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <QrScanDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
