import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Spinner, toast, translator, useEventLanguage } from '@afterglow/ui';
import {
  dropCameraAhead,
  hasCameraAhead,
  hasLiveCamera,
  useCamera,
  useReleaseWhileHidden,
} from '@afterglow/ui/camera';
import type { CaptureKind, PublicEvent } from '@afterglow/contracts';
import { EventNotFoundCard } from '../components/MessageCard';
import { DevelopingOverlay } from '../camera/DevelopingOverlay';
import { FullScreen } from '../camera/FullScreen';
import { CameraStarting } from '../camera/CameraStarting';
import { StartScreen } from '../camera/StartScreen';
import { cameraView, keeping, previewDialog, useLazyPart } from '../camera/lazyParts';
import { canRecord, useRecorder } from '../camera/recorder';
import { cameraScreen } from '../camera/screen';
import { useRoll } from '../camera/useRoll';
import { devicePhotosKey, isForbidden, isNotFound, useEventByCode, type DevicePhotos } from '../lib/api';
import { normalizeCode } from '../lib/code';
import { serverError } from '../lib/errors';
import { getDeviceId } from '../lib/storage';
import { QueueNotice } from '../offline/QueueNotice';
import { useT } from '../text';

// The screens instead of the camera (not joined, loading failed, the event ended, the roll complete):
// not on the page's first load, which is the start screen's, but fetched when one is shown (offline,
// the service worker's precache has them: docs/adr/037-guest-page-weight.md).
const messages = () => import('../camera/CameraMessages');
const NotJoined = lazy(async () => ({ default: (await messages()).NotJoined }));
const LoadFailed = lazy(async () => ({ default: (await messages()).LoadFailed }));
const EventEnded = lazy(async () => ({ default: (await messages()).EventEnded }));
const RollComplete = lazy(async () => ({
  default: (await import('../camera/RollComplete')).RollComplete,
}));

/** The camera page's loading screen. */
function Loading() {
  const t = useT();
  return (
    <FullScreen>
      <Spinner label={t('camera.loading', 'Loading your camera')} />
    </FullScreen>
  );
}

/** A screen fetched when shown (above): the loading screen until it is here. */
const Fetched = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Loading />}>{children}</Suspense>
);

/** Spec section 7: the device's photos are polled every 5 seconds on the camera. */
const SHOTS_POLL_MS = 5000;

/** `description` in the guest's language. */
function cameraError(description: string) {
  const t = translator();
  toast({ title: t('camera.errorTitle', 'Camera Error'), description, variant: 'destructive' });
}

/** /camera/{code}: the guest's disposable camera. */
export function Camera() {
  const { code: raw = '' } = useParams();
  const code = normalizeCode(raw);
  const deviceId = getDeviceId(code);
  if (!deviceId)
    return (
      <Fetched>
        <NotJoined code={code} />
      </Fetched>
    );
  return <CameraSession key={`${code}:${deviceId}`} code={code} deviceId={deviceId} />;
}

function CameraSession({ code, deviceId }: { code: string; deviceId: string }) {
  const t = useT();
  const eventQ = useEventByCode(code);
  const shotsQ = useQuery<DevicePhotos>({
    queryKey: devicePhotosKey(deviceId),
    refetchInterval: SHOTS_POLL_MS,
  });
  useEventLanguage(eventQ.data?.language);
  // a camera the join page opened ahead and nothing here took (the page left, or never showed it)
  useEffect(() => dropCameraAhead, []);

  if (eventQ.isPending || shotsQ.isPending) return <Loading />;
  if (eventQ.isError) {
    return isNotFound(eventQ.error) ? (
      <FullScreen>
        <EventNotFoundCard size="lg" />
      </FullScreen>
    ) : (
      <Fetched>
        <LoadFailed
          message={t(
            'camera.loadEventFailed',
            'We couldn’t load the event. Check your connection and try again.',
          )}
          error={eventQ.error}
          onRetry={() => void eventQ.refetch()}
        />
      </Fetched>
    );
  }
  if (shotsQ.isError) {
    if (isForbidden(shotsQ.error) || isNotFound(shotsQ.error)) {
      return (
        <Fetched>
          <NotJoined
            code={code}
            reason={serverError(t, shotsQ.error, t('camera.joinAgain', 'Please join the event again.'))}
          />
        </Fetched>
      );
    }
    return (
      <Fetched>
        <LoadFailed
          message={t(
            'camera.loadRollFailed',
            'We couldn’t load your roll of film. Check your connection and try again.',
          )}
          error={shotsQ.error}
          onRetry={() => void shotsQ.refetch()}
        />
      </Fetched>
    );
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
 * Camera flow (spec section 4), a state machine: the start screen or the camera on; a photo taken
 * opens the preview over it; Keep (useRoll: the upload) or Retake go back to the camera, or to the
 * start screen when the phone's camera app took it; the roll complete, or the event ended, end it.
 * Without an in-app camera (plain http, old browsers), or when it is refused, the phone's camera app
 * takes the photo from the start screen. Where the event takes clips (ADR 033), a Photo/Clip switch
 * beside the shutter makes it start and stop a recording (the event's clip length at most); without an
 * in-app recorder the phone's camera app records the clip.
 */
function CameraFlow({ code, deviceId, event, shots }: FlowProps) {
  const t = useT();
  const navigate = useNavigate();
  const camera = useCamera();
  const [liveCamera] = useState(hasLiveCamera);
  // From the join page's 'Start Taking Photos', which opened the camera ahead: the camera at once,
  // without the start screen's second tap. Otherwise (a reload, the gallery's link) the start screen.
  const [openedAhead] = useState(() => liveCamera && hasCameraAhead());
  const [mode, setMode] = useState<'start' | 'camera'>(openedAhead ? 'camera' : 'start');
  const [switching, setSwitching] = useState(false);
  const [kind, setKind] = useState<CaptureKind>('photo');
  const recorder = useRecorder();
  const [recorderHere] = useState(canRecord);
  /** the event's clip length, where it takes clips */
  const clipSeconds = event.allowClips && event.clipSeconds > 0 ? event.clipSeconds : null;

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

  /** The camera from the start screen's tap, or opened ahead by the join page's. */
  const openCamera = useCallback(
    () => void startCamera(t('camera.accessFailed', 'Could not access camera. Please check permissions.')),
    [startCamera, t],
  );

  // After Keep or Retake: the camera again if it was on (the phone's camera app: the start screen).
  const roll = useRoll({
    code,
    deviceId,
    event,
    shots,
    onDone: (left) => {
      if (left > 0 && mode === 'camera')
        void startCamera(t('camera.restartFailed', 'Could not restart camera.'));
      else setMode('start');
    },
  });
  useReleaseWhileHidden(camera, () => {
    if (mode === 'camera' && !roll.shot)
      void startCamera(t('camera.restartFailed', 'Could not restart camera.'));
  });
  // Not on the page's first load: the live camera's code comes as the camera starts, the preview's
  // and what keeps a photo as soon as a photo may be taken (lazyParts.ts).
  const view = useLazyPart(cameraView, mode === 'camera');
  const CameraView = view.part;
  const photoMayBeTaken = mode === 'camera' || !!roll.shot || !liveCamera || !!camera.error;
  const PreviewDialog = useLazyPart(previewDialog, photoMayBeTaken).part;
  useLazyPart(keeping, photoMayBeTaken);
  // The live camera's code could not come (offline before the service worker kept it): back to the
  // start screen, where the phone's camera app still takes photos.
  const viewMissing = mode === 'camera' && !CameraView && view.failed;
  useEffect(() => {
    if (!viewMissing) return;
    camera.stop();
    setMode('start');
    cameraError(t('common.checkConnection', 'Check your connection and try again.'));
  }, [viewMissing, camera, t]);

  const onKind = (next: CaptureKind) => {
    setKind(next);
    // the microphone only while a clip may be recorded
    void camera.withSound(next === 'clip').then((ok) => {
      if (ok === false) {
        setMode('start');
        cameraError(t('camera.restartFailed', 'Could not restart camera.'));
      }
    });
  };

  const onRecord = () => {
    if (recorder.recording) return recorder.stop();
    const stream = camera.stream();
    if (!stream || !clipSeconds) return;
    void roll.take(
      async () => {
        const clip = await recorder.start(stream, clipSeconds * 1000);
        camera.stop();
        return clip;
      },
      t('camera.recordFailed', 'Could not record clip. Please try again.'),
      'clip',
    );
  };

  const onShutter = () =>
    kind === 'clip' && clipSeconds
      ? onRecord()
      : void roll.take(
          async () => {
            const blob = await camera.capture();
            camera.stop();
            return blob;
          },
          t('camera.takeFailed', 'Could not take photo. Please try again.'),
        );

  const onSwitch = async () => {
    setSwitching(true);
    const result = await camera.switchCamera();
    setSwitching(false);
    if (result === 'failed') {
      setMode('start');
      cameraError(t('camera.restartFailed', 'Could not restart camera.'));
    }
  };

  const overlay = (
    <>
      <QueueNotice count={roll.waiting} sending={roll.sending} />
      {roll.developing ? <DevelopingOverlay /> : null}
    </>
  );
  const state = cameraScreen(mode, { holdingShot: !!roll.shot, remaining: roll.remaining }, event);

  // the camera opened ahead: started once, or let go when the page shows no camera (the roll
  // complete, the event ended)
  const aheadTaken = useRef(false);
  useEffect(() => {
    if (!openedAhead || aheadTaken.current) return;
    aheadTaken.current = true;
    if (state === 'camera') openCamera();
    else dropCameraAhead();
  }, [openedAhead, state, openCamera]);

  if (state === 'rollComplete') {
    return (
      <>
        <Fetched>
          <RollComplete
            code={code}
            maxShots={roll.maxShots}
            remind={!!event.revealAt && Date.parse(event.revealAt) > Date.now()}
          />
        </Fetched>
        {overlay}
      </>
    );
  }
  if (state === 'ended') {
    return (
      <Fetched>
        <EventEnded code={code} eventName={event.name}>
          {overlay}
        </EventEnded>
      </Fetched>
    );
  }
  return (
    <>
      {state === 'camera' && !CameraView ? (
        <CameraStarting className="fixed bg-black" />
      ) : state === 'camera' && CameraView ? (
        <CameraView
          camera={camera}
          eventName={event.name}
          shotsRemaining={roll.remaining}
          maxShots={roll.maxShots}
          capturing={roll.capturing}
          switching={switching}
          paused={!!roll.shot}
          film={event.filmMode ? event.filmPreset : null}
          clipSeconds={recorderHere ? clipSeconds : null}
          mode={kind}
          onMode={onKind}
          recording={recorder.recording}
          elapsedMs={recorder.elapsedMs}
          onShutter={onShutter}
          onSwitch={() => void onSwitch()}
          onBack={() => navigate(`/join/${code}`)}
          onGallery={() => navigate(`/gallery/${code}`)}
        />
      ) : (
        <StartScreen
          code={code}
          eventName={event.name}
          shotsRemaining={roll.remaining}
          maxShots={roll.maxShots}
          starting={camera.status === 'starting'}
          error={camera.error}
          liveCamera={liveCamera}
          processing={roll.capturing}
          onStart={openCamera}
          onFile={(file) =>
            void roll.take(
              // a photo from the phone's camera app: the code that reads it comes when one is chosen
              async () => (await import('../camera/fileShot')).fileToJpeg(file),
              t('camera.processFailed', 'Could not process photo.'),
            )
          }
          // the phone's camera app records the clip where the page cannot
          clipSeconds={!liveCamera || camera.error || !recorderHere ? clipSeconds : null}
          onClipFile={(file) =>
            clipSeconds &&
            void roll.take(
              async () => (await import('../camera/fileClip')).fileClip(t, file, clipSeconds),
              t('camera.processClipFailed', 'Could not use this clip.'),
              'clip',
            )
          }
        />
      )}
      {roll.shot && PreviewDialog && (
        <PreviewDialog
          key={roll.shot.uploadId}
          shot={roll.shot}
          allowCaptions={event.allowCaptions}
          noRetakes={event.filmMode && event.noRetakes}
          uploading={roll.uploading}
          progress={roll.progress}
          error={roll.error}
          onRetake={roll.retake}
          onKeep={roll.keep}
        />
      )}
      {overlay}
    </>
  );
}
