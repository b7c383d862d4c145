import type { HostEvent, UpdateEventBody } from '@afterglow/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, toast, translator, type Translate } from '@afterglow/ui';
import { keys } from '../lib/api';
import { problemText } from '../lib/problems';

interface EventUpdate {
  /** the toast once saved, from the event as the server now has it */
  saved: (t: Translate, updated: HostEvent) => { title: string; description: string };
  /** the toast's words when it fails without words of the server's own */
  failed: (t: Translate) => string;
  /** a failure the card shows itself (a plan's refusal, with the way to upgrade): no toast */
  shownInCard?: (err: unknown) => boolean;
}

/**
 * A card of the host's dashboard saving some of the event's settings (PATCH /api/events/{id}): the
 * dashboard's copy of the event is updated with the answer, and a toast says how it went.
 */
export function useEventUpdate(eventId: string, words: EventUpdate) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateEventBody) =>
      apiRequest<HostEvent>('PATCH', `/api/events/${encodeURIComponent(eventId)}`, changes),
    onSuccess: (updated) => {
      qc.setQueryData(keys.event(eventId), (old: HostEvent | undefined) =>
        old ? { ...old, ...updated } : updated,
      );
      void qc.invalidateQueries({ queryKey: keys.event(eventId) });
      toast({ ...words.saved(translator(), updated), variant: 'success' });
    },
    onError: (err) => {
      if (words.shownInCard?.(err)) return;
      const t = translator();
      toast({
        title: t('common.updateFailed', 'Update failed'),
        description: problemText(t, err, words.failed(t)),
        variant: 'destructive',
      });
    },
  });
}
