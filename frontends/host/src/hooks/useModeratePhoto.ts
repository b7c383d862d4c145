import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { PhotoDto } from '@afterglow/contracts';
import { apiRequest, toast, translator } from '@afterglow/ui';
import { keys, photoPath, type EventPhotosPage } from '../lib/api';
import { problemText } from '../lib/problems';

export type ModerationAction = 'approve' | 'reject' | 'flag';

/** Puts a moderated photo into every cached list of its event, so the screen answers at once. */
export function usePhotoCacheUpdate() {
  const qc = useQueryClient();
  return (photo: PhotoDto) => {
    qc.setQueriesData<InfiniteData<EventPhotosPage>>({ queryKey: keys.eventPhotosAll }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((p) => ({
              ...p,
              photos: p.photos.map((x) => (x.id === photo.id ? { ...x, ...photo } : x)),
            })),
          }
        : data,
    );
    qc.setQueryData<PhotoDto[]>(keys.pending(photo.eventId), (list) =>
      list
        ? photo.status === 'pending'
          ? list.map((x) => (x.id === photo.id ? { ...x, ...photo } : x))
          : list.filter((x) => x.id !== photo.id)
        : list,
    );
    void qc.invalidateQueries({ queryKey: keys.stats(photo.eventId) });
  };
}

/** Approve, reject or flag one photo (POST /api/photos/{id}/approve|reject|flag). */
export function useModeratePhoto() {
  const update = usePhotoCacheUpdate();
  return useMutation({
    mutationFn: ({ photoId, action }: { photoId: string; action: ModerationAction }) =>
      apiRequest<PhotoDto>(
        'POST',
        photoPath(photoId, action),
        action === 'flag' ? { reason: 'inappropriate' } : undefined,
      ),
    onSuccess: update,
    onError: (err) => {
      const t = translator();
      toast({
        title: t('common.error', 'Error'),
        description: problemText(t, err, t('moderation.failed', 'Could not moderate the photo')),
        variant: 'destructive',
      });
    },
  });
}
