import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Loader2 } from 'lucide-react';
import { Button } from '@afterglow/ui';
import { useCamera } from '@afterglow/ui/camera';
import { Modal } from '../components/Modal';
import { codeFromScan } from '../lib/code';
import { useT } from '../text';
import { createQrDetector, type BarcodeDetectorLike } from './barcode';

const SCAN_EVERY_MS = 300;

/** The 'Scan QR Code' dialog: loaded on the first tap of its button, so joining by code stays light. */
export function QrScanDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('qr.title', 'Scan QR Code')}>
      {open && <Scanner onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function Scanner({ onDone }: { onDone: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const camera = useCamera();
  const { start, attachVideo } = camera;
  const [detector, setDetector] = useState<BarcodeDetectorLike | null | 'checking'>('checking');
  const [notOurs, setNotOurs] = useState(false);
  const videoEl = useRef<HTMLVideoElement | null>(null);
  const setVideo = useCallback(
    (el: HTMLVideoElement | null) => {
      videoEl.current = el;
      attachVideo(el);
    },
    [attachVideo],
  );

  useEffect(() => {
    let alive = true;
    void createQrDetector().then((d) => {
      if (!alive) return;
      setDetector(d);
      if (d) void start('environment');
    });
    return () => {
      alive = false;
    };
  }, [start]);

  const streaming = camera.status === 'streaming';
  useEffect(() => {
    if (!detector || detector === 'checking' || !streaming) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const scan = async () => {
      const video = videoEl.current;
      if (stopped || !video) return;
      if (video.readyState >= 2) {
        try {
          const found = await detector.detect(video);
          for (const b of found) {
            const code = codeFromScan(b.rawValue);
            if (code) {
              stopped = true;
              onDone();
              navigate(`/join/${code}`);
              return;
            }
          }
          if (found.length) setNotOurs(true);
        } catch {
          /* a frame that could not be read: try the next one */
        }
      }
      if (!stopped) timer = setTimeout(() => void scan(), SCAN_EVERY_MS);
    };
    void scan();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [detector, streaming, navigate, onDone]);

  if (detector === 'checking')
    return (
      <Loader2
        aria-label={t('qr.checking', 'Checking your camera')}
        className="mx-auto h-8 w-8 animate-spin"
      />
    );
  if (!detector) {
    return (
      <div role="status" className="space-y-2 text-neutral-700">
        <p className="font-semibold text-neutral-900">
          {t('qr.unsupported', 'QR scanning isn’t supported in this browser.')}
        </p>
        <p>
          {t(
            'qr.useCameraApp',
            'Open your phone’s camera app and point it at the QR code, then tap the link it shows. Or type the code.',
          )}
        </p>
        <Button className="mt-2 w-full" onClick={onDone}>
          {t('qr.enterCode', 'Enter Code Instead')}
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <div className="relative aspect-square overflow-hidden rounded-xl bg-black">
        <video
          ref={setVideo}
          autoPlay
          playsInline
          muted
          aria-label={t('qr.preview', 'Camera preview')}
          className="h-full w-full object-cover"
        />
        <div
          aria-hidden
          className="pointer-events-none absolute inset-10 rounded-2xl border-4 border-white/80"
        />
      </div>
      <p aria-live="polite" className="text-center text-sm text-neutral-700">
        {/* the camera's one error, CAMERA_UNAVAILABLE, and what to do instead: one sentence */}
        {camera.error
          ? t(
              'qr.cameraUnavailable',
              'Camera access denied or not available. You can open your phone’s camera app instead, or type the code.',
            )
          : notOurs
            ? t('qr.notOurs', 'That QR code is not an Afterglow event. Try the one from your host.')
            : t('qr.point', 'Point your camera at the QR code from your host.')}
      </p>
    </div>
  );
}
