import { useEffect, useRef } from 'react';
// Types only: the server parses what it sends, and the shared UI (on every page) carries no zod.
import type { SocketJoin, SocketServerMessage } from '@afterglow/contracts';
import { toast } from './toast';

/**
 * Watches one event over WebSocket /ws (wss on https): sends {type:'join', eventId} and hands every
 * message (packages/contracts/src/realtime.ts) to `onMessage`. Reconnects with backoff; tells the
 * user once if it cannot connect.
 */
export function useEventSocket(
  eventId: string | undefined | null,
  onMessage: (m: SocketServerMessage) => void,
): void {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    if (!eventId) return;
    let ws: WebSocket | null = null;
    let closed = false;
    let attempt = 0;
    let warned = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`;
      try {
        ws = new WebSocket(url);
      } catch {
        if (!warned)
          toast({
            title: 'WebSocket connection error',
            description: 'Failed to create WebSocket connection',
            variant: 'destructive',
          });
        warned = true;
        return;
      }
      ws.onopen = () => {
        attempt = 0;
        const join: SocketJoin = { type: 'join', eventId };
        ws?.send(JSON.stringify(join));
      };
      ws.onmessage = (e) => {
        try {
          handler.current(JSON.parse(String(e.data)) as SocketServerMessage);
        } catch {
          /* not ours */
        }
      };
      ws.onerror = () => {
        if (!warned && attempt >= 2) {
          warned = true;
          toast({
            title: 'WebSocket connection error',
            description: 'Live updates are paused; the page keeps refreshing itself.',
            variant: 'destructive',
          });
        }
      };
      ws.onclose = () => {
        if (closed) return;
        attempt++;
        timer = setTimeout(connect, Math.min(30_000, 500 * 2 ** Math.min(attempt, 6)));
      };
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(timer);
      ws?.close();
    };
  }, [eventId]);
}
