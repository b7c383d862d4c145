import { useEffect, useId, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, Button, Card, apiRequest, toast, translator, useEventLanguage } from '@afterglow/ui';
import type * as InAppCamera from '@afterglow/ui/camera';
import { DISPLAY_NAME_MAX, isUuid, type DEVICE_MESSAGES } from '@afterglow/contracts';
import { CodeField } from '../components/CodeField';
import { CameraIcon, LoaderCircleIcon, SearchXIcon } from '../components/icons';
import { EventSummary, EventSummarySkeleton } from '../join/EventSummary';
import { QrScanButton } from '../join/QrScanButton';
import { devicePhotosKey, isNotFound, useEventByCode, type DevicePhotos, type JoinResult } from '../lib/api';
import { isCompleteCode, normalizeCode } from '../lib/code';
import { DEVICE_TEXT } from '../lib/contract-text';
import { serverError } from '../lib/errors';
import { preloadPage } from '../lib/preload';
import { getAnonId, setDeviceId } from '../lib/storage';
import { useT } from '../text';

/** /join/{code}: check the event, give an optional name, get a device and go to the camera. */
/** Whether the server refuses the guest for good (403: the event's guest limit): said on the page. */
const refusedForGood = (err: unknown): err is ApiError => err instanceof ApiError && err.status === 403;

/** The mark set when the join page first fetches the camera's files ahead (the bench counts them apart). */
const WARM_CAMERA_MARK = 'afterglow:warm-camera';

/** Has the shell fetch the camera page's files, and fetches its live view's (lib/preload.ts). */
function warmCamera(code: string) {
  if (!performance.getEntriesByName(WARM_CAMERA_MARK).length) performance.mark(WARM_CAMERA_MARK);
  preloadPage(`/camera/${code}`);
  import(/* webpackChunkName: "camera-view" */ '../camera/CameraView').catch(() => {});
}

/**
 * The in-app camera's code and a use of it: in the live view's chunk, which warmCamera fetches once
 * the event is found, so the tap that opens the camera does not wait for a download.
 */
const cameraAhead = (use: (camera: typeof InAppCamera) => void) =>
  void import(/* webpackChunkName: "camera-view" */ '@afterglow/ui/camera').then(use, () => undefined);

export function Join() {
  const { code = '' } = useParams();
  // A new code in the address (a scanned QR code) starts over.
  return <JoinForm key={code} initialCode={normalizeCode(code)} />;
}

function JoinForm({ initialCode }: { initialCode: string }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const nameId = useId();
  const [code, setCode] = useState(initialCode);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<keyof typeof DEVICE_MESSAGES | null>(null);
  const [codeBlurred, setCodeBlurred] = useState(false);
  const complete = isCompleteCode(code);
  const eventQ = useEventByCode(code, complete);
  useEventLanguage(eventQ.data?.language);

  const join = useMutation({
    // Fail with a message rather than wait silently while the phone says it is offline.
    networkMode: 'always',
    mutationFn: (body: { anonId: string; displayName: string | null }) =>
      apiRequest<JoinResult>('POST', `/api/events/${code}/devices`, body),
    onSuccess: (device) => {
      setDeviceId(code, device.id);
      const event = eventQ.data;
      if (device.shotsTaken === 0 && event) {
        // A roll not yet begun holds no photos: the camera opens with it at once, rather than after
        // one more round trip on the venue's Wi-Fi (it polls the roll from there, as always).
        queryClient.setQueryData<DevicePhotos>(devicePhotosKey(device.id), {
          photos: [],
          shotsTaken: 0,
          shotsRemaining: device.shotsRemaining,
          maxShots: event.maxShotsPerDevice,
        });
      } else {
        // the camera's first read (the roll so far) starts now, beside the camera's own files
        void queryClient.prefetchQuery({ queryKey: devicePhotosKey(device.id) });
      }
      navigate(`/camera/${code}`);
    },
    onError: (err) => {
      cameraAhead((c) => c.dropCameraAhead());
      // a refusal for good (the event's guest limit reached) stays on the page, below
      if (refusedForGood(err)) return;
      const t = translator();
      toast({
        title: t('join.errorTitle', 'Error'),
        description:
          err instanceof ApiError
            ? serverError(t, err, err.detail)
            : t('join.failed', 'Failed to join event'),
        variant: 'destructive',
      });
    },
  });
  const refused = refusedForGood(join.error) ? serverError(t, join.error, join.error.detail) : null;

  const found = complete && eventQ.isSuccess;
  // The camera's files (and its live view's) download once the event is found, while the guest reads
  // it and gives a name: on a slow phone the tap on 'Start Taking Photos' then waits only for the device.
  useEffect(() => {
    if (found) warmCamera(code);
  }, [found, code]);
  const submit = () => {
    if (!found || join.isPending) return;
    // The rules of createDeviceSchema, checked without loading zod on the guest's phone.
    const anonId = getAnonId();
    const displayName = name.trim();
    const problem = !isUuid(anonId)
      ? 'anonId'
      : displayName.length > DISPLAY_NAME_MAX
        ? 'displayNameMax'
        : null;
    if (problem) {
      setNameError(problem);
      return;
    }
    setNameError(null);
    // (again, where the event was found before the connection came: a preload seen once is skipped)
    warmCamera(code);
    // The camera opens with this tap (the browser asks for it now) while the device is made; the
    // camera page starts with it, without a second tap on its start screen.
    cameraAhead((c) => c.openCameraAhead());
    join.mutate({ anonId, displayName: displayName || null });
  };

  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <h1 className="mb-1 text-center text-3xl font-bold text-neutral-900">
        {t('join.title', 'Join an Event')}
      </h1>
      <p className="mb-6 text-center text-neutral-700">
        {t('join.intro', 'Check the event, add your name if you like, and start shooting.')}
      </p>
      <Card className="p-5 sm:p-6">
        <form
          noValidate
          className="space-y-5"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <CodeField
            value={code}
            onChange={setCode}
            onBlur={() => setCodeBlurred(true)}
            showError={codeBlurred || !isCompleteCode(initialCode)}
          />

          <div aria-live="polite">
            {complete &&
              (eventQ.fetchStatus === 'paused' && eventQ.isPending ? (
                <p role="status" className="rounded-xl bg-amber-50 p-4 text-amber-900">
                  {t(
                    'join.offline',
                    'You’re offline. We’ll look up the event as soon as you’re back online.',
                  )}
                </p>
              ) : eventQ.isPending ? (
                <EventSummarySkeleton />
              ) : eventQ.isError ? (
                isNotFound(eventQ.error) ? (
                  <p
                    role="alert"
                    className="flex items-center gap-2 rounded-xl bg-red-50 p-4 font-semibold text-red-800"
                  >
                    <SearchXIcon className="h-5 w-5 shrink-0" />
                    {t('event.notFound', 'Event not found')}
                  </p>
                ) : (
                  <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
                    <p className="font-semibold">{t('join.checkFailed', 'We couldn’t check this code.')}</p>
                    <p className="text-sm">
                      {t('common.checkConnection', 'Check your connection and try again.')}
                    </p>
                    <Button
                      variant="outline"
                      size="sm"
                      className="mt-3"
                      onClick={() => void eventQ.refetch()}
                    >
                      {t('common.tryAgain', 'Try again')}
                    </Button>
                  </div>
                )
              ) : (
                <EventSummary event={eventQ.data} />
              ))}
          </div>

          <div>
            <label htmlFor={nameId} className="mb-1.5 block text-sm font-semibold text-neutral-800">
              {t.rich('join.name', 'Your Name {optional}', {
                optional: (
                  <span className="font-normal text-neutral-600">{t('common.optional', '(optional)')}</span>
                ),
              })}
            </label>
            <input
              id={nameId}
              name="displayName"
              value={name}
              onChange={(e) => {
                setName(e.target.value.slice(0, DISPLAY_NAME_MAX));
                setNameError(null);
              }}
              maxLength={DISPLAY_NAME_MAX}
              autoComplete="nickname"
              enterKeyHint="go"
              placeholder={t('join.namePlaceholder', 'So friends know who took it')}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${nameId}-error` : undefined}
              className="h-12 w-full rounded-xl border-2 border-neutral-300 bg-white px-4 text-neutral-900 placeholder:text-neutral-500 focus:border-[var(--ag-primary-strong)] focus:outline-none focus:ring-4 focus:ring-[var(--ag-primary-soft)]"
            />
            {nameError && (
              <p id={`${nameId}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
                {t(DEVICE_TEXT[nameError], { max: DISPLAY_NAME_MAX })}
              </p>
            )}
          </div>

          {refused && (
            <p
              role="alert"
              className="rounded-xl border border-red-300 bg-red-50 p-3 font-medium text-red-800"
            >
              {refused}
            </p>
          )}
          <Button type="submit" size="lg" className="w-full" disabled={!found || join.isPending}>
            {join.isPending ? (
              <LoaderCircleIcon className="h-5 w-5 animate-spin" />
            ) : (
              <CameraIcon className="h-5 w-5" />
            )}
            {join.isPending ? t('join.joining', 'Joining...') : t('join.start', 'Start Taking Photos')}
          </Button>
        </form>
        <div className="mt-3">
          <QrScanButton />
        </div>
      </Card>
    </div>
  );
}
