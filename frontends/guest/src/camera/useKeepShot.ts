import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast, translator } from '@afterglow/ui';
import { devicePhotosKey } from '../lib/api';
import type { PhotoUpload } from '../lib/request';
import { UPLOAD_FAILED } from '../lib/upload-failed';
import { useRetry } from '../lib/useRetry';
import { enqueue, type QueuedPhoto } from '../offline/queueStore';
import { loadSending, sendingLoaded, type PhotoQueue } from '../offline/usePhotoQueue';
import type { CapturedShot } from './capture';

/** The kept photo is stored (with the shots the server says are left), or waits in the queue. */
type Kept = { queued: false; shotsRemaining: number } | { queued: true };

/**
 * The last upload's failure: the photo stays in the preview until it is stored. `message` is the
 * server's words, `code` its problem code (shown in the guest's language: lib/errors.ts).
 */
export interface UploadFailure {
  message: string;
  code?: string;
  retryable: boolean;
}

class UploadFailed extends Error implements UploadFailure {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface KeptOutcome {
  /** shots left on the roll after this photo */
  left: number;
  /** the server has this photo and none of the device's others wait in the queue */
  allStored: boolean;
}

interface KeepShotOptions {
  code: string;
  deviceId: string;
  queue: PhotoQueue;
  /** shots left before this photo, the queued ones counted as taken */
  remaining: number;
  /** the photo in the preview: tried again by itself when the connection comes back */
  shot: CapturedShot | null;
  onKept: (outcome: KeptOutcome) => void;
}

/**
 * Keep Photo: the photo goes into the offline queue first, then up. Offline or a server in trouble:
 * it stays queued and goes up later by itself. Without a local database (some private modes) it is
 * sent directly and stays in the preview until it is stored, tried again by the same rule as the
 * queue (lib/useRetry.ts). Same for every photo, whether the in-app camera or the phone's camera app
 * took it.
 */
export function useKeepShot({ code, deviceId, queue, remaining, shot, onKept }: KeepShotOptions) {
  const qc = useQueryClient();
  const [error, setError] = useState<UploadFailure | null>(null);
  /** how much of a clip the server has, 0–1 (a photo goes in one request: null) */
  const [progress, setProgress] = useState<number | null>(null);
  /** a clip sent directly (no local database): its upload's address, so a retry resumes it */
  const direct = useRef(new Map<string, string>());
  const lastCaption = useRef('');
  /** dismisses the last 'Upload failed' toast once the photo is stored (it would cover the shutter) */
  const dismissFailure = useRef<(() => void) | null>(null);

  // Only a photo kept in the preview is tried again here; a queued one is the queue's.
  const retryKept = useRef<() => void>(() => undefined);
  const retry = useRetry(() => retryKept.current());

  const dismiss = () => {
    dismissFailure.current?.();
    dismissFailure.current = null;
  };
  const clear = () => {
    dismiss();
    retry.cancel();
    retry.reset();
    setError(null);
  };

  const upload = useMutation({
    // Always try (and fail fast) rather than wait silently while the phone says it is offline.
    networkMode: 'always',
    mutationFn: async ({ s, caption }: { s: CapturedShot; caption: string }): Promise<Kept> => {
      queue.claim(s.uploadId, true);
      setProgress(null);
      const photo: PhotoUpload = {
        photo: s.blob,
        eventCode: code,
        deviceId,
        caption,
        uploadId: s.uploadId,
        ...(s.kind ? { kind: s.kind } : {}),
      };
      let entry: QueuedPhoto | null = null;
      try {
        entry = await enqueue(photo);
        queue.refresh();
      } catch (err) {
        console.warn('Offline queue unavailable', err);
      }
      // the upload comes with the first photo kept (offline: from the precache)
      let sending: Awaited<ReturnType<typeof loadSending>>;
      try {
        sending = await loadSending();
      } catch (err) {
        // offline before it came, and no service worker's copy: the photo waits in the queue
        if (!entry) throw err;
        queue.claim(s.uploadId, false);
        return { queued: true };
      }
      const { send, sendCapture } = sending;
      const onProgress = (done: number, total: number) => setProgress(total ? done / total : 0);
      const sent = entry
        ? await send(entry, onProgress)
        : await sendCapture(photo, direct.current.get(s.uploadId), {
            onCreated: (url) => void direct.current.set(s.uploadId, url),
            onProgress,
          });
      if (sent.kind === 'stored') return { queued: false, shotsRemaining: sent.shotsRemaining };
      if (sent.kind === 'retry' && entry) {
        // From now on the queue's retries report what becomes of it.
        queue.claim(s.uploadId, false);
        return { queued: true };
      }
      throw new UploadFailed(sent.message, sent.kind === 'retry', sent.code);
    },
    onSuccess: (res, { s }) => {
      clear();
      const othersWaiting = [...queue.waiting].filter((id) => id !== s.uploadId).length;
      let left: number;
      if (res.queued) {
        left = remaining - (queue.waiting.has(s.uploadId) ? 0 : 1);
        // The notice over the camera says so; a toast here would cover the shutter.
        queue.scheduleRetry();
      } else {
        queue.stored(s.uploadId, res.shotsRemaining);
        left = res.shotsRemaining - othersWaiting;
      }
      onKept({ left, allStored: !res.queued && othersWaiting === 0 });
    },
    onError: (err) => {
      const failure: UploadFailure =
        err instanceof UploadFailed
          ? { message: err.message, retryable: err.retryable, ...(err.code ? { code: err.code } : {}) }
          : { message: UPLOAD_FAILED, retryable: true };
      // One 'Upload failed' at a time, however many tries fail.
      dismiss();
      const t = translator();
      // the sending code, which words the failure, has come unless its own download failed
      const words = sendingLoaded();
      dismissFailure.current = toast({
        title: t('upload.failedTitle', 'Upload failed'),
        description: words
          ? words.uploadError(t, failure)
          : t('common.checkConnection', 'Check your connection and try again.'),
        variant: 'destructive',
      });
      setError(failure);
      if (failure.retryable) retry.schedule();
      // The server may know better how many shots are left (another tab, the event's end).
      void qc.invalidateQueries({ queryKey: devicePhotosKey(deviceId) });
    },
  });

  const keep = (s: CapturedShot, caption: string) => {
    lastCaption.current = caption;
    setError(null);
    upload.mutate({ s, caption });
  };

  // After a network failure, later and when back online: the kept photo goes again by itself.
  retryKept.current = () => {
    if (shot && error?.retryable && !upload.isPending) keep(shot, lastCaption.current);
  };

  /**
   * keep: upload this capture; clear: forget the last failure and its toast (a new photo, Retake);
   * progress: how much of a clip is up while it uploads
   */
  return { keep, clear, uploading: upload.isPending, progress: upload.isPending ? progress : null, error };
}
