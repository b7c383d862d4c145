import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HostEvent } from '@afterglow/contracts';
import { useNavigate } from 'react-router';
import { ApiError, apiRequest, errorText, toast } from '@afterglow/ui';
import { formatDateTime } from '../lib/format';
import { keys } from '../lib/api';

const path = (e: HostEvent, action = '') => `/api/events/${encodeURIComponent(e.id)}${action}`;
const failed = (err: unknown) =>
  toast({ title: 'Error', description: errorText(err, 'Please try again.'), variant: 'destructive' });

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
      toast({ title: 'Event ended', description: 'Guests can no longer take photos.', variant: 'success' });
    },
    onError: failed,
  });

  const extend = useMutation({
    mutationFn: (endsAt: string) => apiRequest<HostEvent>('POST', path(event, '/extend'), { endsAt }),
    onSuccess: (e) => {
      changed(e);
      toast({
        title: 'Event extended',
        description: `It now ends ${formatDateTime(e.endsAt, e.timezone)}.`,
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
      toast({
        title: 'Event deleted successfully',
        description: `${event.name} and its photos are gone.`,
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
