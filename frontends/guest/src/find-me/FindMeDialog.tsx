import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Check, Loader2, RotateCcw, ScanFace, ShieldCheck, UserX } from 'lucide-react';
import { Button } from '@afterglow/ui';
import { formatDateTime } from '@afterglow/ui/format';
import { Modal } from '../components/Modal';
import { ReportPhoto } from '../gallery/PhotoActions';
import { PhotoDialog } from '../gallery/PhotoDialog';
import { EmptyPhotos, PhotoGrid } from '../gallery/PhotoGrid';
import { useT } from '../text';
import {
  findMeError,
  removeMe,
  searchMe,
  type FindMeFailure,
  type FindMeRemoval,
  type FindMeResult,
} from './api';
import { SelfieStep } from './SelfieStep';

/** Where the gallery is: whether everyone's photos show yet (revealed, or live), and when they will. */
export interface GalleryState {
  showPhotos: boolean;
  revealAt: string | null;
}

type Step =
  | { kind: 'consent' }
  | { kind: 'selfie' }
  | { kind: 'busy'; action: 'search' | 'remove' }
  | { kind: 'results'; result: FindMeResult }
  | { kind: 'removed'; removal: FindMeRemoval }
  | { kind: 'error'; failure: FindMeFailure; action: 'search' | 'remove' };

interface Props {
  /** false closes it (focus goes back to 'Find me'); the button then unmounts it, dropping the selfie */
  open: boolean;
  code: string;
  deviceId: string;
  gallery: GalleryState;
  onClose: () => void;
}

/**
 * Find Me (ADR 036), opened from the gallery: what is compared and what is kept, the guest's consent
 * (nothing is sent before it), a selfie, then the photos of the event they are in, and 'Remove me'.
 * The selfie lives in this dialog's state only, for this opening: it is never written to the phone's
 * storage, and it is dropped when the dialog closes.
 */
export default function FindMeDialog({ open: shown, code, deviceId, gallery, onClose }: Props) {
  const t = useT();
  const [step, setStep] = useState<Step>({ kind: 'consent' });
  const [selfie, setSelfie] = useState<Blob | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** the found photo shown large, by its place in the results */
  const [large, setLarge] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  // each step's heading takes focus, so keyboards and screen readers start at the top of it
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step.kind]);

  const run = async (action: 'search' | 'remove', picture: Blob) => {
    setStep({ kind: 'busy', action });
    setLarge(null);
    try {
      if (action === 'search') setStep({ kind: 'results', result: await searchMe(code, deviceId, picture) });
      else setStep({ kind: 'removed', removal: await removeMe(code, deviceId, picture) });
    } catch (err) {
      setStep({ kind: 'error', failure: findMeError(t, err), action });
    }
  };

  const onSelfie = (picture: Blob) => {
    setSelfie(picture);
    void run('search', picture);
  };
  const retake = () => {
    setSelfie(null);
    setStep({ kind: 'selfie' });
  };

  const busy = step.kind === 'busy';
  const said = statusText(t, step);

  return (
    <Modal
      open={shown}
      onOpenChange={(o) => !o && onClose()}
      // the consent's heading first: the guest reads what Find Me does before anything else
      initialFocus={heading}
      title={
        <span className="flex items-center gap-2">
          <ScanFace aria-hidden className="h-5 w-5 shrink-0 text-[var(--ag-primary-ink)]" />
          {t('findMe.title', 'Find me')}
        </span>
      }
      className="sm:max-w-2xl"
    >
      <p role="status" className="sr-only">
        {said}
      </p>
      <div className="space-y-4">
        {step.kind === 'consent' && (
          <Consent heading={heading} onAgree={() => setStep({ kind: 'selfie' })} onCancel={onClose} />
        )}

        {step.kind === 'selfie' && (
          <>
            <StepHeading heading={heading}>{t('findMe.selfieTitle', 'Take a selfie')}</StepHeading>
            <SelfieStep onSelfie={onSelfie} />
          </>
        )}

        {busy && (
          <div className="flex flex-col items-center gap-3 py-10 text-center">
            <Loader2 aria-hidden className="h-8 w-8 animate-spin text-[var(--ag-primary-ink)]" />
            <StepHeading heading={heading}>
              {step.action === 'search'
                ? t('findMe.looking', 'Looking for you…')
                : t('findMe.removing', 'Removing you from Find Me…')}
            </StepHeading>
          </div>
        )}

        {step.kind === 'results' && (
          <Results
            heading={heading}
            result={step.result}
            gallery={gallery}
            code={code}
            deviceId={deviceId}
            open={large}
            onOpen={setLarge}
          />
        )}

        {step.kind === 'removed' && (
          <div className="space-y-2">
            <StepHeading heading={heading}>
              <span className="flex items-center gap-2">
                <Check aria-hidden className="h-5 w-5 shrink-0 text-green-700" />
                {step.removal.removed > 0
                  ? t(
                      'findMe.removed',
                      '{count, plural, one {We removed # face from Find Me.} other {We removed # faces from Find Me.}}',
                      { count: step.removal.removed },
                    )
                  : t('findMe.removedNone', 'No face in this event’s photos matched your selfie.')}
              </span>
            </StepHeading>
            <p className="text-neutral-700">
              {step.removal.removed > 0
                ? t(
                    'findMe.removedText',
                    'Nobody can find you with Find Me in this event’s photos anymore, you included. The photos themselves stay in the gallery.',
                  )
                : t('findMe.removedNoneText', 'There was nothing to remove.')}
            </p>
          </div>
        )}

        {step.kind === 'error' && (
          <div className="space-y-2">
            <StepHeading heading={heading}>
              {step.action === 'search'
                ? t('findMe.searchFailed', 'We couldn’t search the photos')
                : t('findMe.removeFailed', 'We couldn’t remove you')}
            </StepHeading>
            <p
              role="alert"
              className="rounded-xl border border-red-300 bg-red-50 p-3 font-medium text-red-800"
            >
              {step.failure.text}
            </p>
          </div>
        )}

        {/* what can be done next: one row of buttons under every step after the selfie */}
        {(step.kind === 'results' || step.kind === 'removed' || step.kind === 'error') && (
          <div className="flex flex-col gap-2 border-t border-neutral-200 pt-4 sm:flex-row sm:flex-wrap">
            {step.kind === 'error' && !step.failure.final && !step.failure.retake && selfie && (
              <Button onClick={() => void run(step.action, selfie)}>
                <RotateCcw aria-hidden className="h-5 w-5 rtl:-scale-x-100" />
                {t('common.tryAgain', 'Try again')}
              </Button>
            )}
            {step.kind === 'removed' && selfie && (
              <Button onClick={() => void run('search', selfie)}>
                <ScanFace aria-hidden className="h-5 w-5" />
                {t('findMe.searchAgain', 'Search again')}
              </Button>
            )}
            {!(step.kind === 'error' && step.failure.final) && (
              <Button
                variant={step.kind === 'error' && step.failure.retake ? 'primary' : 'outline'}
                onClick={retake}
              >
                <RotateCcw aria-hidden className="h-5 w-5 rtl:-scale-x-100" />
                {step.kind === 'error' && step.failure.retake
                  ? t('common.tryAgain', 'Try again')
                  : t('findMe.newSelfie', 'New selfie')}
              </Button>
            )}
            {step.kind === 'results' && selfie && (
              <Button variant="ghost" onClick={() => setConfirming(true)}>
                <UserX aria-hidden className="h-5 w-5" />
                {t('findMe.removeMe', 'Remove me')}
              </Button>
            )}
            <Button variant="ghost" className="sm:ms-auto" onClick={onClose}>
              {t('findMe.done', 'Done')}
            </Button>
          </div>
        )}
      </div>

      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title={t('findMe.removeTitle', 'Remove me from Find Me?')}
      >
        <div className="space-y-3 text-neutral-700">
          <p>
            {t(
              'findMe.removeText',
              'The faces in this event’s photos that match your selfie are taken out of Find Me, so nobody can find you with it in this event again, you included.',
            )}
          </p>
          <p>
            {t(
              'findMe.removeKeeps',
              'The photos themselves stay in the gallery. Your selfie is used once more for this, then dropped.',
            )}
          </p>
        </div>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setConfirming(false)}>
            {t('findMe.cancel', 'Cancel')}
          </Button>
          <Button
            variant="destructive"
            onClick={() => {
              setConfirming(false);
              if (selfie) void run('remove', selfie);
            }}
          >
            <UserX aria-hidden className="h-5 w-5" />
            {t('findMe.removeMe', 'Remove me')}
          </Button>
        </div>
      </Modal>
    </Modal>
  );
}

/** A step's heading: focused when the step opens (not in the tab order otherwise). */
function StepHeading({
  heading,
  children,
}: {
  heading: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <h3 ref={heading} tabIndex={-1} className="text-lg font-bold text-neutral-900 focus:outline-none">
      {children}
    </h3>
  );
}

/** What the status region says of a step, once, as it arrives. */
function statusText(t: ReturnType<typeof useT>, step: Step): string {
  if (step.kind === 'busy')
    return step.action === 'search'
      ? t('findMe.looking', 'Looking for you…')
      : t('findMe.removing', 'Removing you from Find Me…');
  if (step.kind === 'results')
    return step.result.photos.length
      ? t('findMe.found', '{count, plural, one {# photo of you} other {# photos of you}}', {
          count: step.result.photos.length,
        })
      : t('findMe.none', 'No photos of you yet');
  return '';
}

/** The consent screen: what is compared, where, what is kept and for how long. Nothing is sent from it. */
function Consent({
  heading,
  onAgree,
  onCancel,
}: {
  heading: RefObject<HTMLHeadingElement | null>;
  onAgree: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const points = [
    t(
      'findMe.consent.compare',
      'Your selfie’s face is compared with the faces in this event’s photos, on this event’s own server. No outside service sees it.',
    ),
    t(
      'findMe.consent.selfie',
      'Your selfie is never stored: it is compared in memory and dropped right after.',
    ),
    t(
      'findMe.consent.records',
      'The face records of the photos are deleted with the event, or as soon as the host turns Find Me off.',
    ),
    t(
      'findMe.consent.remove',
      'After searching, “Remove me” takes your face out of Find Me, so nobody can find you with it here.',
    ),
  ];
  return (
    <div className="space-y-4">
      <StepHeading heading={heading}>{t('findMe.consentTitle', 'Find the photos you are in')}</StepHeading>
      <p className="text-neutral-700">
        {t(
          'findMe.consentIntro',
          'Take a selfie and we show you the photos of this event that you appear in.',
        )}
      </p>
      <ul className="space-y-2">
        {points.map((p) => (
          <li key={p} className="flex gap-2 text-neutral-800">
            <ShieldCheck aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-[var(--ag-primary-ink)]" />
            <span>{p}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button size="lg" onClick={onAgree}>
          {t('findMe.agree', 'I agree, take my selfie')}
        </Button>
        <Button variant="ghost" size="lg" onClick={onCancel}>
          {t('findMe.notNow', 'Not now')}
        </Button>
      </div>
    </div>
  );
}

/** The photos the guest is in, best match first, or why there are none. */
function Results({
  heading,
  result,
  gallery,
  code,
  deviceId,
  open,
  onOpen,
}: {
  heading: RefObject<HTMLHeadingElement | null>;
  result: FindMeResult;
  gallery: GalleryState;
  code: string;
  deviceId: string;
  open: number | null;
  onOpen: (index: number | null) => void;
}) {
  const t = useT();
  const { photos, faces } = result;
  return (
    <div className="space-y-3">
      <StepHeading heading={heading}>
        {photos.length
          ? t('findMe.found', '{count, plural, one {# photo of you} other {# photos of you}}', {
              count: photos.length,
            })
          : t('findMe.none', 'No photos of you yet')}
      </StepHeading>
      {faces > 1 && (
        <p className="rounded-xl bg-neutral-100 p-3 text-sm text-neutral-700">
          {t(
            'findMe.manyFaces',
            '{count, plural, one {Your selfie shows # face.} other {Your selfie shows # faces: we looked for the largest one.}}',
            { count: faces },
          )}
        </p>
      )}
      {photos.length > 0 ? (
        <>
          <PhotoGrid
            photos={photos}
            onOpen={onOpen}
            label={(_, i) => t('findMe.openPhoto', 'Open photo {n} of you', { n: i + 1 })}
          />
          <PhotoDialog
            photos={photos}
            index={open}
            onIndexChange={onOpen}
            kind="event"
            actions={(p) => <ReportPhoto photo={p} code={code} deviceId={deviceId} />}
          />
        </>
      ) : (
        <EmptyPhotos>
          {gallery.showPhotos
            ? t(
                'findMe.noneText',
                'We found no photo of you among the photos guests can see. More may come: try again later.',
              )
            : gallery.revealAt
              ? t(
                  'findMe.notRevealed',
                  'The photos are not revealed yet. Come back after the reveal on {time} to find yours.',
                  { time: formatDateTime(gallery.revealAt, t.locale) },
                )
              : t(
                  'findMe.notRevealedHost',
                  'The photos are not revealed yet. Come back once the host reveals them to find yours.',
                )}
        </EmptyPhotos>
      )}
    </div>
  );
}
