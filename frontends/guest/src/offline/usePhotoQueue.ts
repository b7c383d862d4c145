import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast, translator } from '@afterglow/ui';
import { devicePhotosKey, type DevicePhotos } from '../lib/api';
import { useRetry } from '../lib/useRetry';
import { QUEUE_CHANNEL, SYNC_TAG, queued, type Outcome, type QueueMessage } from './queueStore';
import type * as SendingModule from './sending';

type Sending = typeof SendingModule;
let sendingModule: Sending | null = null;

/**
 * The code that sends the queue and a kept photo (offline/sending.ts), fetched the first time
 * something is to be sent: a camera page with nothing waiting opens without it. Offline, the service
 * worker's precache has it (the camera page's lazy files are in it).
 */
export const loadSending = (): Promise<Sending> => import('./sending').then((m) => (sendingModule = m));

/** The sending code, if it has come (`loadSending`). */
export const sendingLoaded = (): Sending | null => sendingModule;

/** Asks the service worker to upload the queue once the connection is back (where supported). */
export function requestBackgroundSync(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((reg) => {
      const sync = (reg as { sync?: { register(tag: string): Promise<void> } }).sync;
      if (!sync) {
        console.info('Background sync not supported');
        return;
      }
      return sync.register(SYNC_TAG);
    })
    .catch((err: unknown) => console.warn('Background sync registration failed', err));
}

export interface PhotoQueue {
  /** uploadIds of this device's photos waiting in the queue */
  waiting: ReadonlySet<string>;
  /** a retry of the queue is on its way */
  sending: boolean;
  /** this page reports what became of the photo itself (the camera's Keep): no second notice */
  claim(uploadId: string, on: boolean): void;
  /** re-reads the queue (after the page added a photo) */
  refresh(): void;
  /** the photo is waiting: retry later, by the page and by Background Sync */
  scheduleRetry(): void;
  /** the page stored one of this device's photos itself: shots left as the server says */
  stored(uploadId: string, shotsRemaining: number): void;
}

/**
 * The page's side of the offline queue for one device: how many of its photos wait, and retries of
 * the whole queue on page load, when the browser says it is back online, and with backoff while
 * anything waits (lib/useRetry.ts). Photos the server took update the shots left at once; photos it
 * refused for good are reported with its message.
 */
export function usePhotoQueue(deviceId: string): PhotoQueue {
  const qc = useQueryClient();
  const [waiting, setWaiting] = useState<ReadonlySet<string>>(new Set());
  const [sending, setSending] = useState(false);
  const claimed = useRef(new Set<string>());
  const alive = useRef(true);

  const refresh = useCallback(() => {
    queued().then(
      (all) => {
        if (!alive.current) return;
        setWaiting(new Set(all.filter((e) => e.deviceId === deviceId).map((e) => e.uploadId)));
      },
      (err: unknown) => console.warn('Offline queue unavailable', err),
    );
  }, [deviceId]);

  const onStored = useCallback(
    (d: string, uploadId: string, shotsRemaining: number) => {
      if (d !== deviceId) return;
      setWaiting((w) => {
        if (!w.has(uploadId)) return w;
        const next = new Set(w);
        next.delete(uploadId);
        return next;
      });
      qc.setQueryData<DevicePhotos>(devicePhotosKey(deviceId), (old) =>
        old ? { ...old, shotsRemaining, shotsTaken: old.maxShots - shotsRemaining } : old,
      );
      void qc.invalidateQueries({ queryKey: devicePhotosKey(deviceId) });
    },
    [deviceId, qc],
  );

  const onRefused = useCallback(
    (d: string, uploadId: string, failure: { message: string; code?: string }) => {
      if (d !== deviceId || claimed.current.has(uploadId)) return;
      // the refusal's words come with the sending code (here already when this page sent it)
      void loadSending().then(
        ({ uploadError }) => {
          const t = translator();
          toast({
            title: t('upload.failedTitle', 'Upload failed'),
            description: uploadError(t, failure),
            variant: 'destructive',
          });
        },
        (err: unknown) => console.warn('Upload failure not shown', err),
      );
      refresh();
      void qc.invalidateQueries({ queryKey: devicePhotosKey(deviceId) });
    },
    [deviceId, qc, refresh],
  );

  const run = useRef<() => void>(() => undefined);
  const retry = useRetry(() => run.current());
  const { schedule } = retry;
  const scheduleRetry = useCallback(() => {
    if (alive.current && schedule()) requestBackgroundSync();
  }, [schedule]);

  run.current = () => {
    setSending(true);
    loadSending()
      .then(({ flush }) => flush())
      .then((outcomes: Outcome[] | null) => {
        if (!alive.current) return;
        const all = outcomes ?? [];
        const channel = typeof BroadcastChannel !== 'undefined';
        for (const o of all) {
          // With a broadcast channel every outcome also arrives there (from here or the worker).
          if (channel) continue;
          if (o.kind === 'stored') onStored(o.entry.deviceId, o.entry.uploadId, o.shotsRemaining);
          if (o.kind === 'refused') onRefused(o.entry.deviceId, o.entry.uploadId, o);
        }
        if (all.some((o) => o.kind !== 'retry')) retry.reset();
        if (all.some((o) => o.kind === 'retry') || outcomes === null) scheduleRetry();
      })
      .catch((err: unknown) => console.warn('Offline queue unavailable', err))
      .finally(() => {
        if (alive.current) setSending(false);
        refresh();
      });
  };

  useEffect(() => {
    alive.current = true;
    // page load: whatever waits from before goes up now (nothing waiting, nothing to send)
    queued().then(
      (all) => {
        if (!alive.current) return;
        setWaiting(new Set(all.filter((e) => e.deviceId === deviceId).map((e) => e.uploadId)));
        if (all.length > 0) run.current();
      },
      () => run.current(),
    );
    let channel: BroadcastChannel | null = null;
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(QUEUE_CHANNEL);
      channel.onmessage = (e: MessageEvent<QueueMessage>) => {
        const m = e.data;
        if (m.type === 'stored') onStored(m.deviceId, m.uploadId, m.shotsRemaining);
        else if (m.type === 'refused') onRefused(m.deviceId, m.uploadId, m);
        refresh();
      };
    }
    return () => {
      alive.current = false;
      channel?.close();
    };
  }, [deviceId, refresh, onStored, onRefused]);

  const claim = useCallback((uploadId: string, on: boolean) => {
    if (on) claimed.current.add(uploadId);
    else claimed.current.delete(uploadId);
  }, []);

  const stored = useCallback(
    (uploadId: string, shotsRemaining: number) => onStored(deviceId, uploadId, shotsRemaining),
    [deviceId, onStored],
  );

  return { waiting, sending, claim, refresh, scheduleRetry, stored };
}
