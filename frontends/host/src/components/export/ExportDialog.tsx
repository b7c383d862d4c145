import * as Dialog from '@radix-ui/react-dialog';
import type { HostEvent } from '@afterglow/contracts';
import { Download } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button, Spinner } from '@afterglow/ui';
import { DialogFrame } from '@afterglow/ui/dialog-frame';
import { useT } from '../../text';

// The contents (and the saving code) load when the dialog first opens, not with the dashboard.
const ExportContents = lazy(() => import('./ExportContents').then((m) => ({ default: m.ExportContents })));

/** 'Export Photos': the event's originals as ZIP files, part by part (ADR 016). */
export function ExportDialog({ event }: { event: HostEvent }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  // while a part is being saved, only Close or Cancel stop it (not a stray click or Escape)
  const keepOpen = (e: Event) => {
    if (busy) e.preventDefault();
  };
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="sm">
          <Download aria-hidden className="h-4 w-4" />
          {t('export.button', 'Export Photos')}
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title={t('export.title', 'Export photos')}
        description={t(
          'export.description',
          'The originals of {name} as ZIP files: a folder for each guest, and photos.csv listing every photo.',
          { name: event.name },
        )}
        width="max-w-xl"
        onEscapeKeyDown={keepOpen}
        onInteractOutside={keepOpen}
      >
        <Suspense fallback={<Spinner label={t('export.preparing', 'Preparing your export')} />}>
          <ExportContents eventId={event.id} onBusyChange={setBusy} />
        </Suspense>
      </DialogFrame>
    </Dialog.Root>
  );
}
