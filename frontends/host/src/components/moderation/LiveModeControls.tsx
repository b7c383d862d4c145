import type { HostEvent } from '@afterglow/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, LoaderCircle, Radio, Square } from 'lucide-react';
import { Button, apiRequest, buttonClass, toast, translator } from '@afterglow/ui';
import { keys } from '../../lib/api';
import { problemText } from '../../lib/problems';
import { useT } from '../../text';

/** The live-mode badge, the Start/Stop toggle (POST /api/events/{id}/live-mode) and the display link. */
export function LiveModeControls({ event }: { event: HostEvent }) {
  const t = useT();
  const qc = useQueryClient();
  const toggle = useMutation({
    mutationFn: (enabled: boolean) =>
      apiRequest<HostEvent>('POST', `/api/events/${encodeURIComponent(event.id)}/live-mode`, { enabled }),
    onSuccess: (updated) =>
      qc.setQueryData(keys.event(event.id), (old: HostEvent | undefined) =>
        old ? { ...old, ...updated } : updated,
      ),
    onError: (err) => {
      const t = translator();
      toast({
        title: t('common.error', 'Error'),
        description: problemText(t, err, t('live.failed', 'Could not change live mode')),
        variant: 'destructive',
      });
    },
  });
  const on = event.liveMode;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      <span
        role="status"
        className={`inline-flex items-center gap-2 self-start rounded-full px-3 py-1 text-sm font-bold sm:self-auto ${
          on ? 'bg-red-600 text-white' : 'bg-neutral-200 text-neutral-800'
        }`}
      >
        <span
          aria-hidden
          className={`h-2 w-2 rounded-full ${on ? 'animate-pulse bg-white' : 'bg-neutral-500'}`}
        />
        {on ? t('live.on', 'Live Mode ON') : t('live.off', 'Live Mode OFF')}
      </span>
      <Button
        variant={on ? 'destructive' : 'primary'}
        onClick={() => toggle.mutate(!on)}
        disabled={toggle.isPending}
      >
        {toggle.isPending ? (
          <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />
        ) : on ? (
          <Square aria-hidden className="h-4 w-4" />
        ) : (
          <Radio aria-hidden className="h-4 w-4" />
        )}
        {on ? t('live.stop', 'Stop Live Display') : t('live.start', 'Start Live Display')}
      </Button>
      <a
        href={`/live-slideshow/${event.code}`}
        target="_blank"
        rel="noopener"
        className={buttonClass('outline')}
      >
        <ExternalLink aria-hidden className="h-4 w-4" />
        {t('live.view', 'View Live Display')}
        <span className="sr-only">{t('common.newTab', '(opens in a new tab)')}</span>
      </a>
    </div>
  );
}
