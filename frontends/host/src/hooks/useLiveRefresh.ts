import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { SocketPhoto, SocketPhotoType, SocketServerMessage } from '@afterglow/contracts';
import { useEventSocket } from '@afterglow/ui/realtime';

/**
 * Refetches the given queries when the event's WebSocket says photos changed. Bursts (Approve All
 * moderates many photos at once) are gathered into one refetch. When the event is deleted, everything
 * the page shows is asked again: the event answers 404 and the page shows 'Event not found'.
 */
export function useLiveRefresh(
  eventId: string | undefined,
  types: readonly SocketPhotoType[],
  queryKeys: readonly QueryKey[],
  onMessage?: (m: SocketPhoto) => void,
) {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ types, queryKeys, onMessage });
  latest.current = { types, queryKeys, onMessage };

  useEffect(() => () => clearTimeout(timer.current), []);

  const handle = useCallback(
    (m: SocketServerMessage) => {
      const { types: t, queryKeys: k, onMessage: cb } = latest.current;
      if (m.type === 'event_deleted') {
        void qc.invalidateQueries({ type: 'active' });
        return;
      }
      if (m.type === 'joined' || m.type === 'error' || !t.includes(m.type)) return;
      cb?.(m);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        for (const queryKey of k) void qc.invalidateQueries({ queryKey });
      }, 400);
    },
    [qc],
  );
  useEventSocket(eventId, handle);
}
