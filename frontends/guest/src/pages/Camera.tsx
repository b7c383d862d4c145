import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams, Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarX, UserPlus } from 'lucide-react';
import { ApiError, Button, Spinner, buttonClass, errorText, toast } from '@afterglow/ui';
import type { PublicEvent } from '@afterglow/contracts';
import { EventNotFoundCard, MessageCard } from '../components/MessageCard';
import { CameraView } from '../camera/CameraView';
import { DEVELOPING_MS, DevelopingOverlay } from '../camera/DevelopingOverlay';
import { RollComplete } from '../camera/RollComplete';
import { StartScreen } from '../camera/StartScreen';
import { useCamera } from '../camera/useCamera';
import { usePreviewDialog } from '../camera/usePreviewDialog';
import { isRetryable, uploadErrorText, uploadShot, type CapturedShot } from '../camera/upload';
import { devicePhotosKey, isForbidden, isNotFound, useEventByCode, type DevicePhotos } from '../lib/api';
import { normalizeCode } from '../lib/code';
import { getDeviceId, newUuid } from '../lib/storage';
import { QueueNotice } from '../offline/QueueNotice';
import { enqueue, send, type QueuedPhoto } from '../offline/queue';
import { usePhotoQueue } from '../offline/usePhotoQueue';

/** Spec section 9: after the last shot the guest moves to the gallery after 2 seconds. */
const LAST_SHOT_REDIRECT_MS = 2000;
/** Spec section 7: the device's photos are polled every 5 seconds on the camera. */
const SHOTS_POLL_MS = 5000;

const cameraError = (description: string) =>
  toast({ title: 'Camera Error', description, variant: 'destructive' });

function FullScreen({ children }: { children: ReactNode }) {
  return <div className="flex min-h-dvh flex-col justify-center">{children}</div>;
}

function NotJoined({ code, reason }: { code: string; reason?: string }) {
  return (
    <FullScreen>
      <MessageCard
        icon={<UserPlus aria-hidden className="h-7 w-7" />}
        title="Please join the event first"
        actions={
          <Link to={`/join/${code}`} className={buttonClass('primary', 'lg', 'w-full')}>
            Join Event
          </Link>
        }
      >
        <p>{reason ?? 'Join with the event code to get your roll of film.'}</p>
      </MessageCard>
    </FullScreen>
  );
}

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

function LoadFailed({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <FullScreen>
      <MessageCard alert title="Something went wrong" actions={<Button onClick={onRetry}>Try again</Button>}>
        <p>
          We couldn’t load {what}. Check your connection and try again.
          <span className="mt-2 block text-sm text-neutral-500">{errorText(error, 'Network error')}</span>
        </p>
      </MessageCard>
    </FullScreen>
  );
}

/** The kept photo is stored (with the shots the server says are left), or waits in the queue. */
type Kept = { queued: false; shotsRemaining: number } | { queued: true };

interface FlowProps {
  code: string;
  deviceId: string;
  event: PublicEvent;
  shots: DevicePhotos;
}

/** Camera flow (spec section 4): idle → camera on → captured preview → upload → camera again or done. */
function CameraFlow({ code, deviceId, event, shots }: FlowProps) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const camera = useCamera();
  const [mode, setMode] = useState<'start' | 'camera'>('start');
  const [shot, setShot] = useState<CapturedShot | null>(null);
  const [capturing, setCapturing] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [uploadError, setUploadError] = useState<{ message: string; retryable: boolean } | null>(null);
  const [developing, setDeveloping] = useState(false);
  const PreviewDialog = usePreviewDialog(mode === 'camera' || !!shot);
  const lastCaption = useRef('');
  /** dismisses the last 'Upload failed' toast once the photo is stored (it would cover the shutter) */
  const dismissFailure = useRef<(() => void) | null>(null);
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

  const upload = useMutation({
    // Always try (and fail fast) rather than wait silently while the phone says it is offline.
    networkMode: 'always',
    /**
     * The photo goes into the offline queue first, then up. Offline or a server in trouble: it stays
     * queued and goes up later by itself. Without a local database (some private modes) it is sent
     * directly and stays in the preview until it is stored.
     */
    mutationFn: async ({ s, caption }: { s: CapturedShot; caption: string }): Promise<Kept> => {
      queue.claim(s.uploadId, true);
      let entry: QueuedPhoto | null = null;
      try {
        entry = await enqueue({ photo: s.blob, eventCode: code, deviceId, caption, uploadId: s.uploadId });
        queue.refresh();
      } catch (err) {
        console.warn('Offline queue unavailable', err);
      }
      if (!entry) {
        const res = await uploadShot(code, deviceId, s, caption);
        return { queued: false, shotsRemaining: res.shotsRemaining };
      }
      const o = await send(entry);
      if (o.kind === 'stored') return { queued: false, shotsRemaining: o.shotsRemaining };
      if (o.kind === 'kept') {
        // From now on the queue's retries report what becomes of it.
        queue.claim(s.uploadId, false);
        return { queued: true };
      }
      throw new ApiError(o.status, JSON.stringify({ detail: o.message }), '');
    },
    onSuccess: (res, { s }) => {
      dismissFailure.current?.();
      dismissFailure.current = null;
      setShot(null);
      setUploadError(null);
      if (event.filmMode) {
        setDeveloping(true);
        later(() => setDeveloping(false), DEVELOPING_MS);
      }
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
      if (left > 0) {
        void startCamera('Could not restart camera.');
      } else {
        setMode('start');
        if (!res.queued && othersWaiting === 0)
          later(() => navigate(`/gallery/${code}`), LAST_SHOT_REDIRECT_MS);
      }
    },
    onError: (err) => {
      const message = uploadErrorText(err);
      dismissFailure.current = toast({
        title: 'Upload failed',
        description: message,
        variant: 'destructive',
      });
      setUploadError({ message, retryable: isRetryable(err) });
      // The server may know better how many shots are left (another tab, the event's end).
      void qc.invalidateQueries({ queryKey: devicePhotosKey(deviceId) });
    },
  });

  // Back online after a network failure: try the kept photo again by itself.
  const retryKept = useRef<() => void>(() => undefined);
  retryKept.current = () => {
    if (shot && uploadError?.retryable && !upload.isPending) {
      setUploadError(null);
      upload.mutate({ s: shot, caption: lastCaption.current });
    }
  };
  useEffect(() => {
    const onOnline = () => retryKept.current();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);

  const onShutter = async () => {
    if (remaining <= 0) {
      toast({ title: 'No shots remaining', variant: 'destructive' });
      return;
    }
    if (capturing) return;
    setCapturing(true);
    try {
      const blob = await camera.capture();
      camera.stop();
      setUploadError(null);
      setShot({ blob, url: URL.createObjectURL(blob), uploadId: newUuid() });
    } catch {
      toast({
        title: 'Capture failed',
        description: 'Could not take photo. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setCapturing(false);
    }
  };

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
    dismissFailure.current?.();
    dismissFailure.current = null;
    setShot(null);
    setUploadError(null);
    if (remaining > 0) void startCamera('Could not restart camera.');
    else setMode('start');
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
      <FullScreen>
        <MessageCard
          icon={<CalendarX aria-hidden className="h-7 w-7" />}
          title="This event has ended"
          actions={
            <Link to={`/gallery/${code}`} className={buttonClass('primary', 'lg', 'w-full')}>
              View Gallery
            </Link>
          }
        >
          <p>Photos can no longer be taken at {event.name}.</p>
        </MessageCard>
        {overlay}
      </FullScreen>
    );
  }
  return (
    <>
      {mode === 'camera' || shot ? (
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
          onStart={() => void startCamera('Could not access camera. Please check permissions.')}
        />
      )}
      {shot && PreviewDialog && (
        <PreviewDialog
          key={shot.uploadId}
          shot={shot}
          allowCaptions={event.allowCaptions}
          noRetakes={event.filmMode && event.noRetakes}
          uploading={upload.isPending}
          error={uploadError}
          onRetake={onRetake}
          onKeep={(caption) => {
            lastCaption.current = caption;
            setUploadError(null);
            upload.mutate({ s: shot, caption });
          }}
        />
      )}
      {overlay}
    </>
  );
}
