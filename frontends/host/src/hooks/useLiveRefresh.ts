import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useEventSocket, type RealtimeMessage } from '@afterglow/ui';

type PhotoMessage = 'photo_uploaded' | 'photo_moderated' | 'photo_approved';

/**
 * Refetches the given queries when the event's WebSocket says photos changed. Bursts (Approve All
 * moderates many photos at once) are gathered into one refetch.
 */
export function useLiveRefresh(
  eventId: string | undefined,
  types: readonly PhotoMessage[],
  queryKeys: readonly QueryKey[],
  onMessage?: (m: RealtimeMessage) => void,
) {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ types, queryKeys, onMessage });
  latest.current = { types, queryKeys, onMessage };

  useEffect(() => () => clearTimeout(timer.current), []);

  const handle = useCallback(
    (m: RealtimeMessage) => {
      const { types: t, queryKeys: k, onMessage: cb } = latest.current;
      if (!t.includes(m.type as PhotoMessage)) return;
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
