import type { HostEvent } from '@afterglow/contracts';
import { QrCode } from 'lucide-react';
import { Button } from '@afterglow/ui';
import { useT } from '../../text';
import { ShareEventPanel } from '../ShareEventPanel';
import { DashboardDialog } from './DashboardDialog';

/** 'Show QR Code': the share panel in an accessible dialog (focus trapped, Escape closes). */
export function QrCodeDialog({ event }: { event: HostEvent }) {
  const t = useT();
  return (
    <DashboardDialog
      size="wide"
      trigger={
        <Button variant="outline" size="sm">
          <QrCode aria-hidden className="h-4 w-4" />
          {t('qrDialog.button', 'Show QR Code')}
        </Button>
      }
      title={t('qrDialog.title', 'Invite guests to {name}', { name: event.name })}
      description={<p>{t('qrDialog.text', 'Show this QR code at the venue or share the link and code.')}</p>}
    >
      <ShareEventPanel event={event} />
    </DashboardDialog>
  );
}
