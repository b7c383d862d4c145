import { useEffect, useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Loader2, Mic, PenLine, RotateCcw, Send, Square } from 'lucide-react';
import {
  GUESTBOOK_AUDIO_SECONDS_MAX,
  GUESTBOOK_TEXT_MAX,
  clipClock,
  type GuestbookPostResult,
} from '@afterglow/contracts';
import { Button, toast, translator } from '@afterglow/ui';
import { Modal } from '../components/Modal';
import { VOICE_TYPES, canRecord, useRecorder } from '../camera/recorder';
import { serverError } from '../lib/errors';
import { newUuid } from '../lib/storage';
import { useT } from '../text';
import { postMessage, type Message } from './api';

interface ComposerProps {
  code: string;
  deviceId: string;
  /** the plan takes voice messages (and this browser can record them) */
  voice: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSent: (result: GuestbookPostResult) => void;
}

/** Characters as people count them (an emoji is one), as the server counts them. */
const length = (s: string) => [...s].length;

/** Whether the page may record a voice message here (a secure page with a microphone API). */
export const canRecordVoice = () => canRecord() && !!navigator.mediaDevices?.getUserMedia;

/**
 * A message for the hosts: written (up to 500 characters) or, where the plan takes them, spoken (up to
 * a minute, recorded in the browser and played back before sending). It uses no shot. The entry's id
 * is made when the composer opens, so a send retried after a lost answer is stored once.
 */
export function GuestbookComposer({ code, deviceId, voice, open, onOpenChange, onSent }: ComposerProps) {
  const t = useT();
  const [mode, setMode] = useState<'text' | 'voice'>('text');
  const [text, setText] = useState('');
  const [recording, setRecording] = useState<{ blob: Blob; url: string } | null>(null);
  const [micError, setMicError] = useState<string | null>(null);
  const uploadId = useRef(newUuid());
  const recorder = useRecorder(VOICE_TYPES);
  const mic = useRef<MediaStream | null>(null);
  const textId = useId();
  const limitMs = GUESTBOOK_AUDIO_SECONDS_MAX * 1000;
  // plain http on the venue's Wi-Fi has no microphone: words only
  const [offerVoice] = useState(() => voice && canRecordVoice());

  const releaseMic = () => {
    mic.current?.getTracks().forEach((tr) => tr.stop());
    mic.current = null;
  };
  useEffect(() => () => releaseMic(), []);
  useEffect(() => {
    if (!recording) return;
    return () => URL.revokeObjectURL(recording.url);
  }, [recording]);

  const send = useMutation({
    mutationFn: (m: Message) => postMessage(code, deviceId, uploadId.current, m),
    onSuccess: (result) => {
      const t = translator();
      toast({
        title: t('guestbook.sent', 'Message sent'),
        description: t('guestbook.sentText', 'The hosts will see it. Once they approve it, others can too.'),
        variant: 'success',
      });
      uploadId.current = newUuid();
      setText('');
      setRecording(null);
      onSent(result);
      onOpenChange(false);
    },
  });

  const record = async () => {
    setMicError(null);
    try {
      mic.current = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
    } catch {
      setMicError(
        t(
          'guestbook.micDenied',
          'Allow the microphone for this site in your browser settings, then try again.',
        ),
      );
      return;
    }
    try {
      const blob = await recorder.start(mic.current, limitMs);
      setRecording({ blob, url: URL.createObjectURL(blob) });
    } catch {
      setMicError(t('guestbook.recordFailed', 'Could not record. Please try again.'));
    } finally {
      releaseMic();
    }
  };

  const message: Message | null =
    mode === 'text'
      ? text.trim()
        ? { text: text.trim() }
        : null
      : recording
        ? { audio: recording.blob }
        : null;
  const busy = send.isPending || recorder.recording;

  return (
    <Modal
      open={open}
      onOpenChange={(o) => {
        if (recorder.recording) recorder.stop();
        onOpenChange(o);
      }}
      title={t('guestbook.composerTitle', 'Leave a message for the hosts')}
      description={t('guestbook.composerHint', 'It doesn’t use a shot.')}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (message && !busy) send.mutate(message);
        }}
      >
        {offerVoice && (
          <div role="radiogroup" aria-label={t('guestbook.kind', 'Kind of message')} className="flex gap-2">
            {(
              [
                ['text', t('guestbook.write', 'Write'), PenLine],
                ['voice', t('guestbook.speak', 'Voice'), Mic],
              ] as const
            ).map(([m, label, Icon]) => (
              <button
                key={m}
                type="button"
                role="radio"
                aria-checked={mode === m}
                disabled={busy}
                onClick={() => setMode(m)}
                className={`inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-xl border px-3 font-semibold transition focus:outline-none focus-visible:ring-4 focus-visible:ring-[var(--ag-primary-soft)] ${mode === m ? 'border-[var(--ag-primary-strong)] bg-[var(--ag-primary-soft)] text-[var(--ag-primary-ink)]' : 'border-neutral-300 text-neutral-700'}`}
              >
                <Icon aria-hidden className="h-4 w-4" />
                {label}
              </button>
            ))}
          </div>
        )}

        {mode === 'text' ? (
          <div>
            <div className="mb-1.5 flex items-baseline justify-between">
              <label htmlFor={textId} className="text-sm font-semibold text-neutral-900">
                {t('guestbook.message', 'Your message')}
              </label>
              <span id={`${textId}-count`} className="text-xs tabular-nums text-neutral-600">
                {length(text)}/{GUESTBOOK_TEXT_MAX}
              </span>
            </div>
            <textarea
              id={textId}
              value={text}
              onChange={(e) => setText([...e.target.value].slice(0, GUESTBOOK_TEXT_MAX).join(''))}
              rows={5}
              disabled={send.isPending}
              placeholder={t('guestbook.placeholder', 'Congratulations, thank you, a memory of tonight…')}
              aria-describedby={`${textId}-count`}
              className="w-full resize-y rounded-xl border border-neutral-300 bg-white px-4 py-3 text-neutral-900 placeholder:text-neutral-500 focus:border-[var(--ag-primary-strong)] focus:outline-none focus:ring-4 focus:ring-[var(--ag-primary-soft)] disabled:opacity-60"
            />
          </div>
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-xl bg-neutral-50 p-4">
            {recording && !recorder.recording ? (
              <>
                <audio
                  src={recording.url}
                  controls
                  aria-label={t('guestbook.yourRecording', 'Your voice message')}
                  className="w-full"
                />
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  onClick={() => setRecording(null)}
                >
                  <RotateCcw aria-hidden className="h-4 w-4" />
                  {t('guestbook.again', 'Record again')}
                </Button>
              </>
            ) : (
              <>
                <p className="text-2xl font-bold tabular-nums text-neutral-900" aria-hidden>
                  {clipClock(recorder.elapsedMs)} / {clipClock(limitMs)}
                </p>
                <Button
                  type="button"
                  variant={recorder.recording ? 'destructive' : 'primary'}
                  aria-pressed={recorder.recording}
                  onClick={() => (recorder.recording ? recorder.stop() : void record())}
                  disabled={send.isPending}
                >
                  {recorder.recording ? (
                    <Square aria-hidden className="h-4 w-4 fill-current" />
                  ) : (
                    <Mic aria-hidden className="h-4 w-4" />
                  )}
                  {recorder.recording
                    ? t('guestbook.stop', 'Stop recording')
                    : t('guestbook.record', 'Record (up to {seconds} seconds)', {
                        seconds: GUESTBOOK_AUDIO_SECONDS_MAX,
                      })}
                </Button>
                <span role="status" className="sr-only">
                  {recorder.recording ? t('guestbook.recording', 'Recording') : ''}
                </span>
              </>
            )}
            {micError && (
              <p role="alert" className="text-sm text-red-700">
                {micError}
              </p>
            )}
          </div>
        )}

        {send.isError && (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {serverError(
              t,
              send.error,
              t('guestbook.sendFailed', 'Your message could not be sent. Please try again.'),
            )}
          </p>
        )}

        <Button type="submit" disabled={!message || busy} aria-busy={send.isPending || undefined}>
          {send.isPending ? (
            <Loader2 aria-hidden className="h-5 w-5 animate-spin" />
          ) : (
            <Send aria-hidden className="h-5 w-5" />
          )}
          {send.isPending ? t('guestbook.sending', 'Sending...') : t('guestbook.send', 'Send Message')}
        </Button>
      </form>
    </Modal>
  );
}
