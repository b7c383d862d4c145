import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HostEvent } from '@afterglow/contracts';
import { useNavigate } from 'react-router';
import { ApiError, apiRequest, toast, translator } from '@afterglow/ui';
import { formatDateTime } from '../lib/format';
import { keys } from '../lib/api';
import { problemText } from '../lib/problems';

const path = (e: HostEvent, action = '') => `/api/events/${encodeURIComponent(e.id)}${action}`;
const failed = (err: unknown) => {
  const t = translator();
  toast({
    title: t('common.error', 'Error'),
    description: problemText(t, err, t('common.pleaseTryAgain', 'Please try again.')),
    variant: 'destructive',
  });
};

/**
 * The host's actions on an event's life: end it now, extend it, delete it. The answers replace the
 * page's event; a deletion goes back to /dashboard. Callbacks live here, not at the call, so they
 * run even when the page went away meanwhile (the event's watchers hear of a deletion too).
 */
export function useEventLifecycle(event: HostEvent) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const changed = (e: HostEvent) => qc.setQueryData(keys.event(event.id), e);

  const end = useMutation({
    mutationFn: () => apiRequest<HostEvent>('POST', path(event, '/end')),
    onSuccess: (e) => {
      changed(e);
      const t = translator();
      toast({
        title: t('end.done', 'Event ended'),
        description: t('end.doneText', 'Guests can no longer take photos.'),
        variant: 'success',
      });
    },
    onError: failed,
  });

  const extend = useMutation({
    mutationFn: (endsAt: string) => apiRequest<HostEvent>('POST', path(event, '/extend'), { endsAt }),
    onSuccess: (e) => {
      changed(e);
      const t = translator();
      toast({
        title: t('extend.done', 'Event extended'),
        description: t('extend.doneText', 'It now ends {time}.', {
          time: formatDateTime(e.endsAt, e.timezone, t.locale),
        }),
        variant: 'success',
      });
    },
    // a refusal of the date is shown at the field; anything else as a toast
    onError: (err) => {
      if (!(err instanceof ApiError && err.status === 400)) failed(err);
    },
  });

  const remove = useMutation({
    mutationFn: () => apiRequest<void>('DELETE', path(event)),
    onSuccess: () => {
      const t = translator();
      toast({
        title: t('delete.done', 'Event deleted successfully'),
        description: t('delete.doneText', '{name} and its photos are gone.', { name: event.name }),
        variant: 'success',
      });
      navigate('/dashboard');
      // after the page has gone, so nothing asks for the event again
      setTimeout(() => qc.removeQueries({ queryKey: keys.event(event.id) }), 0);
    },
    onError: failed,
  });

  return { end, extend, remove };
}

/** What each of the event's lifecycle dialogs is given: the event and these actions. */
export interface LifecycleDialogProps {
  event: HostEvent;
  lifecycle: ReturnType<typeof useEventLifecycle>;
}
