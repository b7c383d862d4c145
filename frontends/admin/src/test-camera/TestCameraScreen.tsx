import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, RotateCcw } from 'lucide-react';
import { Button, buttonClass, toast, translator } from '@afterglow/ui';
import { useCamera } from '@afterglow/ui/camera';
import { useT } from '../text';
import { CameraPanel } from './CameraPanel';
import { PhotoPreview } from './PhotoPreview';
import { SavedShots } from './SavedShots';
import { SettingsPanel, type SettingsChange } from './SettingsPanel';
import { withSize } from './roll';
import { DEFAULT_SETTINGS, presetFilter, shotsText } from './settings';
import { useTestRoll } from './useTestRoll';

/** Camera Test Mode (spec sections 2, 4 and 5): the guest camera with test settings, nothing uploaded. */
export function TestCameraScreen() {
  const t = useT();
  // the sample event's name in the admin's language; the admin may type another
  const [settings, setSettings] = useState(() => ({
    ...DEFAULT_SETTINGS,
    eventName: t('settings.defaultEventName', 'Test Event'),
  }));
  const [busy, setBusy] = useState(false);
  const camera = useCamera();
  const roll = useTestRoll(settings.maxShots);
  const shutterRef = useRef<HTMLButtonElement>(null);
  const previewRef = useRef<HTMLHeadingElement>(null);
  const { start } = camera;

  const openCamera = useCallback(async () => {
    // false: refused or missing; null: given up for a later start, or the page was left
    if ((await start()) === false) {
      const t = translator();
      toast({
        title: t('toast.cameraError', 'Camera Error'),
        description: t('toast.cameraErrorText', 'Could not access camera. Please check permissions.'),
        variant: 'destructive',
      });
    }
  }, [start]);

  const greeted = useRef(false);
  useEffect(() => {
    if (!greeted.current) {
      greeted.current = true;
      const t = translator();
      toast({
        title: t('testCamera.title', 'Camera Test Mode'),
        description: t('toast.welcome', 'Try the camera with test settings. Nothing is uploaded.'),
      });
    }
    void openCamera();
  }, [openCamera]);

  // Focus follows the flow: to the preview after a capture, back to the shutter after retake or confirm.
  const pendingId = roll.pending?.id;
  const hadPending = useRef(false);
  useEffect(() => {
    if (pendingId !== undefined) previewRef.current?.focus();
    else if (hadPending.current) shutterRef.current?.focus();
    hadPending.current = pendingId !== undefined;
  }, [pendingId]);

  const setCaption = (caption: string) => setSettings((s) => ({ ...s, caption }));

  const change = (c: SettingsChange) => {
    setSettings((s) => ({ ...s, ...c }));
    if (c.maxShots !== undefined && c.maxShots !== settings.maxShots) {
      roll.reset(c.maxShots);
      setCaption('');
    }
  };

  const takePhoto = async () => {
    if (busy) return;
    if (roll.remaining <= 0) {
      toast({
        title: t('camera.noShots', 'No shots remaining'),
        description: t('camera.usedAll', "You've used all your shots for this test session."),
        variant: 'destructive',
      });
      return;
    }
    if (camera.status !== 'streaming') return;
    setBusy(true);
    try {
      const left = roll.shoot(await withSize(await camera.capture()));
      // after the capture: the page may have changed language meanwhile
      const t = translator();
      toast({
        title: t('toast.captured', 'Photo captured!'),
        description: shotsText(t, left),
        variant: 'success',
      });
    } catch {
      const t = translator();
      toast({
        title: t('toast.captureFailed', 'Capture failed'),
        description: t('toast.captureFailedText', 'Failed to capture photo. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  const retake = () => {
    roll.retake();
    setCaption('');
  };

  const confirm = () => {
    roll.confirm({
      caption: settings.caption.trim(),
      filmMode: settings.filmMode,
      preset: settings.filmPreset,
      eventName: settings.eventName,
      eventCode: settings.eventCode,
    });
    setCaption('');
    toast({
      title: t('toast.saved', 'Test Photo Saved'),
      description: t('toast.savedText', 'Kept on this page only; nothing was uploaded.'),
      variant: 'success',
    });
  };

  const resetShots = () => {
    roll.reset();
    setCaption('');
    toast({
      title: t('toast.reset', 'Shots Reset'),
      description: t('toast.resetText', 'All {count} shots are available again.', {
        count: settings.maxShots,
      }),
    });
  };

  const filter = settings.filmMode ? presetFilter(settings.filmPreset) : undefined;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <Link to="/admin-dashboard" className={buttonClass('ghost', 'sm', '-ms-3 mb-2')}>
            <ArrowLeft aria-hidden className="h-4 w-4 rtl:-scale-x-100" />
            {t('testCamera.back', 'Back to Admin Dashboard')}
          </Link>
          <h1 className="text-3xl font-bold text-neutral-900">{t('testCamera.title', 'Camera Test Mode')}</h1>
          <p className="text-neutral-700">
            {t(
              'testCamera.subtitle',
              'Try the guest camera with test settings. Photos are kept on this page only.',
            )}
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={resetShots} className="self-start sm:self-auto">
          <RotateCcw aria-hidden className="h-4 w-4" />
          {t('testCamera.resetShots', 'Reset Shots')}
        </Button>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-6">
          <CameraPanel
            camera={camera}
            shutterRef={shutterRef}
            settings={settings}
            remaining={roll.remaining}
            busy={busy}
            hidden={roll.pending !== null}
            onShoot={() => void takePhoto()}
            onRetry={() => void openCamera()}
          />
          {roll.pending && (
            <PhotoPreview
              key={roll.pending.id}
              shot={roll.pending}
              filter={filter}
              caption={settings.caption}
              headingRef={previewRef}
              onCaption={setCaption}
              onRetake={retake}
              onConfirm={confirm}
            />
          )}
          <SavedShots shots={roll.saved} onClear={roll.clearSaved} />
        </div>
        <div className="self-start lg:sticky lg:top-20">
          <SettingsPanel settings={settings} onChange={change} />
        </div>
      </div>
    </div>
  );
}
