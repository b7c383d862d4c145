import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast, translator } from '@afterglow/ui';
import type { CaptureKind, PublicEvent } from '@afterglow/contracts';
import type { DevicePhotos } from '../lib/api';
import { newUuid } from '../lib/storage';
import { usePhotoQueue } from '../offline/usePhotoQueue';
import { CaptureError, type CapturedShot } from './capture';
import { DEVELOPING_MS } from './DevelopingOverlay';
import { useKeepShot } from './useKeepShot';

/** Spec section 9: after the last shot the guest moves to the gallery after 2 seconds. */
const LAST_SHOT_REDIRECT_MS = 2000;

interface RollOptions {
  code: string;
  deviceId: string;
  event: PublicEvent;
  shots: DevicePhotos;
  /** the photo in the preview is gone (kept, or retaken): `left` shots remain on the roll */
  onDone: (left: number) => void;
}

/**
 * The guest's roll of film on this device: the shots left (photos waiting in the offline queue count
 * as taken), the photo in the preview, and what Keep and Retake do with it — the upload, the
 * developing overlay in film mode, and the move to the gallery after the last shot once every photo
 * is stored.
 */
export function useRoll({ code, deviceId, event, shots, onDone }: RollOptions) {
  const navigate = useNavigate();
  const [shot, setShot] = useState<CapturedShot | null>(null);
  const [capturing, setCapturing] = useState(false);
  const [developing, setDeveloping] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const later = (fn: () => void, ms: number) => timers.current.push(setTimeout(fn, ms));
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const queue = usePhotoQueue(deviceId);
  const maxShots = shots.maxShots || event.maxShotsPerDevice;
  const remaining = Math.max(0, shots.shotsRemaining - queue.waiting.size);

  // The captured photo lives only in memory: free it once it is gone, and warn before leaving with it.
  useEffect(() => {
    if (!shot) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      URL.revokeObjectURL(shot.url);
    };
  }, [shot]);

  const kept = useKeepShot({
    code,
    deviceId,
    queue,
    remaining,
    shot,
    onKept: ({ left, allStored }) => {
      setShot(null);
      if (event.filmMode) {
        setDeveloping(true);
        later(() => setDeveloping(false), DEVELOPING_MS);
      }
      onDone(left);
      if (left <= 0 && allStored) later(() => navigate(`/gallery/${code}`), LAST_SHOT_REDIRECT_MS);
    },
  });

  /**
   * A new photo (or clip) into the preview, from the in-app camera or the phone's camera app; `failure`
   * (in the guest's language) says what went wrong if it cannot be taken.
   */
  const take = async (produce: () => Promise<Blob>, failure: string, kind: CaptureKind = 'photo') => {
    const t = translator();
    if (remaining <= 0) {
      toast({ title: t('roll.noShots', 'No shots remaining'), variant: 'destructive' });
      return;
    }
    if (capturing) return;
    setCapturing(true);
    try {
      const blob = await produce();
      kept.clear();
      setShot({ kind, blob, url: URL.createObjectURL(blob), uploadId: newUuid() });
    } catch (err) {
      toast({
        title: t('roll.captureFailed', 'Capture failed'),
        // a clip the guest chose that the event cannot take says why (CLIP_MESSAGES, translated)
        description: err instanceof CaptureError && err.reason ? err.reason : failure,
        variant: 'destructive',
      });
    } finally {
      setCapturing(false);
    }
  };

  const retake = () => {
    kept.clear();
    setShot(null);
    onDone(remaining);
  };

  return {
    shot,
    capturing,
    developing,
    remaining,
    maxShots,
    /** this device's photos waiting in the offline queue, and whether they are being sent */
    waiting: queue.waiting.size,
    sending: queue.sending,
    take,
    keep: (caption: string) => {
      if (shot) kept.keep(shot, caption);
    },
    retake,
    uploading: kept.uploading,
    progress: kept.progress,
    error: kept.error,
  };
}
