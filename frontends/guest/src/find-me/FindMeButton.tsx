import { lazy, Suspense, useEffect, useState } from 'react';
import { ScanFace } from 'lucide-react';
import { Button } from '@afterglow/ui';
import { useT } from '../text';
import type { GalleryState } from './FindMeDialog';

// The dialog (consent, camera, results) comes only to a gallery whose guest opens it: /camera and
// /join never load it, and neither does a gallery of an event without Find Me.
const loadDialog = () => import('./FindMeDialog');
const FindMeDialog = lazy(loadDialog);

/** 'Find me' in the gallery of an event with Find Me on: opens the search for the photos the guest is in. */
export function FindMeButton({
  code,
  deviceId,
  gallery,
}: {
  code: string;
  deviceId: string;
  gallery: GalleryState;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // Closing is two steps: the dialog closes (its <dialog> goes and focus returns to this button, which
  // an open modal dialog would keep inert), then the component goes, and with it the selfie it held.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (!open) setMounted(false);
  }, [open]);
  return (
    <>
      <Button
        variant="outline"
        className="w-full sm:w-auto"
        aria-haspopup="dialog"
        // fetched as the guest reaches for it, so the dialog opens at once
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <ScanFace aria-hidden className="h-5 w-5" />
        {t('findMe.button', 'Find me')}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <FindMeDialog
            open={open}
            code={code}
            deviceId={deviceId}
            gallery={gallery}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
