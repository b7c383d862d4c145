import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Spinner, errorText, toast } from '@afterglow/ui';
import type { PublicEvent } from '@afterglow/contracts';
import { EventNotFoundCard } from '../components/MessageCard';
import { EventEnded, FullScreen, LoadFailed, NotJoined } from '../camera/CameraMessages';
import { CameraView } from '../camera/CameraView';
import { DEVELOPING_MS, DevelopingOverlay } from '../camera/DevelopingOverlay';
import { RollComplete } from '../camera/RollComplete';
import { StartScreen } from '../camera/StartScreen';
import { PROCESS_FAILED, fileToJpeg } from '../camera/fileShot';
import { hasLiveCamera, useCamera } from '../camera/useCamera';
import { useKeepShot } from '../camera/useKeepShot';
import { usePreviewDialog } from '../camera/usePreviewDialog';
import type { CapturedShot } from '../camera/upload';
import { devicePhotosKey, isForbidden, isNotFound, useEventByCode, type DevicePhotos } from '../lib/api';
import { normalizeCode } from '../lib/code';
import { getDeviceId, newUuid } from '../lib/storage';
import { QueueNotice } from '../offline/QueueNotice';
import { usePhotoQueue } from '../offline/usePhotoQueue';

/** Spec section 9: after the last shot the guest moves to the gallery after 2 seconds. */
const LAST_SHOT_REDIRECT_MS = 2000;
/** Spec section 7: the device's photos are polled every 5 seconds on the camera. */
const SHOTS_POLL_MS = 5000;

const cameraError = (description: string) =>
  toast({ title: 'Camera Error', description, variant: 'destructive' });

/** /camera/{code}: the guest's disposable camera. */
export function Camera() {
  const { code: raw = '' } = useParams();
  const code = normalizeCode(raw);
  const deviceId = getDeviceId(code);
  if (!deviceId) return <NotJoined code={code} />;
  return <CameraSession key={`${code}:${deviceId}`} code={code} deviceId={deviceId} />;
}

function CameraSession({ code, deviceId }: { code: string; deviceId: string }) {
  const eventQ = useEventByCode(code);
  const shotsQ = useQuery<DevicePhotos>({
    queryKey: devicePhotosKey(deviceId),
    refetchInterval: SHOTS_POLL_MS,
  });

  if (eventQ.isPending || shotsQ.isPending) {
    return (
      <FullScreen>
        <Spinner label="Loading your camera" />
      </FullScreen>
    );
  }
  if (eventQ.isError) {
    return isNotFound(eventQ.error) ? (
      <FullScreen>
        <EventNotFoundCard size="lg" />
      </FullScreen>
    ) : (
      <LoadFailed what="the event" error={eventQ.error} onRetry={() => void eventQ.refetch()} />
    );
  }
  if (shotsQ.isError) {
    if (isForbidden(shotsQ.error) || isNotFound(shotsQ.error)) {
      return <NotJoined code={code} reason={errorText(shotsQ.error, 'Please join the event again.')} />;
    }
    return <LoadFailed what="your roll of film" error={shotsQ.error} onRetry={() => void shotsQ.refetch()} />;
  }
  return <CameraFlow code={code} deviceId={deviceId} event={eventQ.data} shots={shotsQ.data} />;
}

interface FlowProps {
  code: string;
  deviceId: string;
  event: PublicEvent;
  shots: DevicePhotos;
}

/**
 * Camera flow (spec section 4): idle → camera on → captured preview → upload → camera again or done.
 * Without an in-app camera (plain http, old browsers), or when it is refused, the phone's camera app
 * takes the photo from the start screen, and the flow returns there instead of to the camera.
 */
function CameraFlow({ code, deviceId, event, shots }: FlowProps) {
  const navigate = useNavigate();
  const camera = useCamera();
  const [liveCamera] = useState(hasLiveCamera);
  const [mode, setMode] = useState<'start' | 'camera'>('start');
  const [shot, setShot] = useState<CapturedShot | null>(null);
  const [capturing, setCapturing] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [developing, setDeveloping] = useState(false);
  const PreviewDialog = usePreviewDialog(mode === 'camera' || !!shot || !liveCamera || !!camera.error);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const later = (fn: () => void, ms: number) => timers.current.push(setTimeout(fn, ms));
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const maxShots = shots.maxShots || event.maxShotsPerDevice;
  // Photos waiting in the offline queue are taken shots: they count against the roll already.
  const queue = usePhotoQueue(deviceId);
  const remaining = Math.max(0, shots.shotsRemaining - queue.waiting.size);
  const ended = Date.parse(event.endsAt) <= Date.now();

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

  const startCamera = useCallback(
    async (failure: string) => {
      setMode('camera');
      const ok = await camera.start(camera.facing);
      if (!ok) {
        setMode('start');
        cameraError(failure);
      }
      return ok;
    },
    [camera],
  );

  /** After Keep or Retake: the camera again if it was on (the phone's camera app: the start screen). */
  const next = (left: number) => {
    if (left > 0 && mode === 'camera') void startCamera('Could not restart camera.');
    else setMode('start');
  };

  // A hidden page gives the camera back (battery, privacy) and takes it again when shown.
  const resumeOnShow = useRef(false);
  useEffect(() => {
    const onVisibility = () => {
      if (document.hidden) {
        if (camera.status !== 'idle') {
          resumeOnShow.current = true;
          camera.stop();
        }
      } else if (resumeOnShow.current) {
        resumeOnShow.current = false;
        if (mode === 'camera' && !shot) void startCamera('Could not restart camera.');
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [camera, mode, shot, startCamera]);

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
      next(left);
      if (left <= 0 && allStored) later(() => navigate(`/gallery/${code}`), LAST_SHOT_REDIRECT_MS);
    },
  });

  /** A new photo into the preview, from the in-app camera or the phone's camera app. */
  const take = async (produce: () => Promise<Blob>, failure: string) => {
    if (remaining <= 0) {
      toast({ title: 'No shots remaining', variant: 'destructive' });
      return;
    }
    if (capturing) return;
    setCapturing(true);
    try {
      const blob = await produce();
      kept.clear();
      setShot({ blob, url: URL.createObjectURL(blob), uploadId: newUuid() });
    } catch {
      toast({ title: 'Capture failed', description: failure, variant: 'destructive' });
    } finally {
      setCapturing(false);
    }
  };

  const onShutter = () =>
    take(async () => {
      const blob = await camera.capture();
      camera.stop();
      return blob;
    }, 'Could not take photo. Please try again.');

  const onSwitch = async () => {
    setSwitching(true);
    const result = await camera.switchCamera();
    setSwitching(false);
    if (result === 'failed') {
      setMode('start');
      cameraError('Could not restart camera.');
    }
  };

  const onRetake = () => {
    kept.clear();
    setShot(null);
    next(remaining);
  };

  const overlay = (
    <>
      <QueueNotice count={queue.waiting.size} sending={queue.sending} />
      {developing ? <DevelopingOverlay /> : null}
    </>
  );

  if (!shot && remaining <= 0) {
    return (
      <>
        <RollComplete code={code} maxShots={maxShots} />
        {overlay}
      </>
    );
  }
  if (!shot && ended) {
    return (
      <EventEnded code={code} eventName={event.name}>
        {overlay}
      </EventEnded>
    );
  }
  return (
    <>
      {mode === 'camera' ? (
        <CameraView
          camera={camera}
          eventName={event.name}
          shotsRemaining={remaining}
          maxShots={maxShots}
          capturing={capturing}
          switching={switching}
          paused={!!shot}
          onShutter={() => void onShutter()}
          onSwitch={() => void onSwitch()}
          onBack={() => navigate(`/join/${code}`)}
          onGallery={() => navigate(`/gallery/${code}`)}
        />
      ) : (
        <StartScreen
          code={code}
          eventName={event.name}
          shotsRemaining={remaining}
          maxShots={maxShots}
          starting={camera.status === 'starting'}
          error={camera.error}
          liveCamera={liveCamera}
          processing={capturing}
          onStart={() => void startCamera('Could not access camera. Please check permissions.')}
          onFile={(file) => void take(() => fileToJpeg(file), PROCESS_FAILED)}
        />
      )}
      {shot && PreviewDialog && (
        <PreviewDialog
          key={shot.uploadId}
          shot={shot}
          allowCaptions={event.allowCaptions}
          noRetakes={event.filmMode && event.noRetakes}
          uploading={kept.uploading}
          error={kept.error}
          onRetake={onRetake}
          onKeep={(caption) => kept.keep(shot, caption)}
        />
      )}
      {overlay}
    </>
  );
}
