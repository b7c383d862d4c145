import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhotoDto } from '@afterglow/contracts';
import { apiRequest, toast, translator } from '@afterglow/ui';
import { keys, photoPath } from '../lib/api';
import { problemText } from '../lib/problems';

const BATCH = 500;
const PARALLEL = 4;

/** Approves every pending photo of the event, however many pages there are. */
async function approveAll(eventId: string): Promise<number> {
  const done = new Set<string>();
  for (;;) {
    const pending = await apiRequest<PhotoDto[]>(
      'GET',
      `/api/photos/pending/${encodeURIComponent(eventId)}?limit=${BATCH}`,
    );
    const todo = pending.filter((p) => !done.has(p.id));
    if (todo.length === 0) return done.size;
    let next = 0;
    const worker = async () => {
      while (next < todo.length) {
        const photo = todo[next++]!;
        await apiRequest('POST', photoPath(photo.id, 'approve'));
        done.add(photo.id);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, todo.length) }, worker));
    if (pending.length < BATCH) return done.size;
  }
}

export function useApproveAll(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => approveAll(eventId),
    onSuccess: (n) => {
      const t = translator();
      toast({
        title: t('approveAll.done', 'Photos approved'),
        description: n
          ? t(
              'approveAll.doneText',
              '{count, plural, one {{count} photo} other {{count} photos}} approved.',
              {
                count: n,
              },
            )
          : t('approveAll.nothing', 'There was nothing left to approve.'),
        variant: 'success',
      });
    },
    onError: (err) => {
      const t = translator();
      toast({
        title: t('common.error', 'Error'),
        description: problemText(t, err, t('approveAll.failed', 'Could not approve the photos')),
        variant: 'destructive',
      });
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: keys.eventPhotosAll });
      void qc.invalidateQueries({ queryKey: keys.pending(eventId) });
      void qc.invalidateQueries({ queryKey: keys.stats(eventId) });
    },
  });
}
