import { useEffect, useRef } from 'react';
// Types only: the server parses what it sends, and the shared UI (on every page) carries no zod.
import type { SocketJoin, SocketServerMessage } from '@afterglow/contracts';
// From the package, not './toast' and './text': this module is bundled into each page that uses it,
// and the toasts and messages must be the shared singleton's.
import { toast, translator } from '@afterglow/ui';

/** The wait before reconnection attempt `attempt` (1, 2, …): doubling from 1 s to 30 s, ±25 % so a venue's screens spread out. */
export const reconnectDelay = (attempt: number, random = Math.random()) =>
  Math.round(Math.min(30_000, 500 * 2 ** Math.min(attempt, 6)) * (0.75 + random * 0.5));

export interface EventWatch {
  onMessage: (m: SocketServerMessage) => void;
  /** the socket opened (true) or was lost or could not connect (false); told on changes only */
  onStatus?: (open: boolean) => void;
  /** the socket cannot be made, or keeps failing (told once), in the page's language */
  onTrouble?: (description: string) => void;
}

/**
 * Watches one event over WebSocket /ws (wss on https): sends {type:'join', eventId} on every
 * connection and hands every message (packages/contracts/src/realtime.ts) on. Reconnects with
 * backoff, and at once when the browser comes back online. Answers the function that stops it.
 */
export function watchEvent(eventId: string, w: EventWatch): () => void {
  let ws: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let troubled = false;
  let up: boolean | null = null;
  const status = (open: boolean) => {
    if (up !== open) w.onStatus?.(open);
    up = open;
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const trouble = (description: string) => {
    if (!troubled) w.onTrouble?.(description);
    troubled = true;
  };
  const connect = () => {
    clearTimeout(timer);
    const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`;
    let socket: WebSocket;
    try {
      socket = ws = new WebSocket(url);
    } catch {
      const t = translator();
      trouble(t('realtime.cannotConnect', 'Failed to create WebSocket connection'));
      return;
    }
    socket.onopen = () => {
      attempt = 0;
      const join: SocketJoin = { type: 'join', eventId };
      socket.send(JSON.stringify(join));
      status(true);
    };
    socket.onmessage = (e) => {
      let m: SocketServerMessage;
      try {
        m = JSON.parse(String(e.data)) as SocketServerMessage;
      } catch {
        return; // not ours
      }
      w.onMessage(m);
    };
    socket.onerror = () => {
      if (attempt < 2) return;
      const t = translator();
      trouble(t('realtime.paused', 'Live updates are paused; the page keeps refreshing itself.'));
    };
    socket.onclose = () => {
      if (stopped || socket !== ws) return;
      status(false);
      attempt++;
      timer = setTimeout(connect, reconnectDelay(attempt));
    };
  };
  // Back online: no need to sit out the rest of a long backoff.
  const onOnline = () => {
    if (stopped || (ws && ws.readyState !== WebSocket.CLOSED)) return;
    attempt = 0;
    connect();
  };
  window.addEventListener('online', onOnline);
  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('online', onOnline);
    ws?.close();
  };
}

export interface EventSocketOptions {
  /** no toast when the socket cannot connect (a page that shows its own connection state) */
  quiet?: boolean;
  onStatus?: (open: boolean) => void;
}

/** `watchEvent` for a component: tells the user once if it cannot connect (unless `quiet`). */
export function useEventSocket(
  eventId: string | undefined | null,
  onMessage: (m: SocketServerMessage) => void,
  options: EventSocketOptions = {},
): void {
  const latest = useRef({ onMessage, options });
  latest.current = { onMessage, options };
  useEffect(() => {
    if (!eventId) return;
    return watchEvent(eventId, {
      onMessage: (m) => latest.current.onMessage(m),
      onStatus: (open) => latest.current.options.onStatus?.(open),
      onTrouble: (description) => {
        if (latest.current.options.quiet) return;
        const t = translator();
        toast({
          title: t('realtime.error', 'WebSocket connection error'),
          description,
          variant: 'destructive',
        });
      },
    });
  }, [eventId]);
}
