import { Copy, Link as LinkIcon, Share2, TriangleAlert, Wifi } from 'lucide-react';
import { useId } from 'react';
import { isLoopbackUrl } from '@afterglow/contracts';
import { Button, toast, translator } from '@afterglow/ui';
import { copyText } from '@afterglow/ui/clipboard';
import { useT } from '../text';
import { inputClass } from './Field';

export interface ShareableEvent {
  name: string;
  code: string;
  qrCode: string;
  joinUrl: string;
}

// Toasts after an await: `translator()` gives the page's language at that moment.
async function copyCode(code: string) {
  try {
    await copyText(code);
    const t = translator();
    toast({
      title: t('share.copied', 'Copied!'),
      description: t('share.codeCopied', 'Event code copied to clipboard'),
    });
  } catch {
    const t = translator();
    toast({
      title: t('share.copyFailed', 'Copy failed'),
      description: t('share.codeCopyFailed', 'Could not copy to clipboard'),
      variant: 'destructive',
    });
  }
}

async function copyLink(url: string) {
  try {
    await copyText(url);
    const t = translator();
    toast({
      title: t('share.copied', 'Copied!'),
      description: t('share.linkCopied', 'Join URL copied to clipboard'),
    });
  } catch {
    const t = translator();
    toast({
      title: t('share.copyFailed', 'Copy failed'),
      description: t('share.linkCopyFailed', 'Could not copy link to clipboard'),
      variant: 'destructive',
    });
  }
}

/** The device's share sheet; the link is copied instead when there is none or it fails. */
async function shareEvent(e: ShareableEvent) {
  const t = translator();
  const data = {
    title: t('share.title', 'Join {name} on Afterglow', { name: e.name }),
    text: t('share.text', 'Join my event “{name}” on Afterglow with the code {code}', {
      name: e.name,
      code: e.code,
    }),
    url: e.joinUrl,
  };
  if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
    try {
      await navigator.share(data);
      return;
    } catch (err) {
      // The person closed the share sheet: nothing failed, so nothing to copy.
      if (err instanceof DOMException && err.name === 'AbortError') return;
    }
  }
  await copyLink(e.joinUrl);
}

/** The server's setting for the address guests open (a name, the same in every language). */
const PUBLIC_URL_VARIABLE = 'PUBLIC_URL';

function siteOf(joinUrl: string): string {
  try {
    return new URL(joinUrl).host;
  } catch {
    return window.location.host;
  }
}

/** Which address guests' phones will open, and a warning when they cannot reach it. */
function GuestAddress({ joinUrl }: { joinUrl: string }) {
  const t = useT();
  const site = siteOf(joinUrl);
  // localhost, 127.x and [::1] are this computer only: a phone that opens them reaches itself
  if (isLoopbackUrl(joinUrl))
    return (
      <div
        role="alert"
        className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
      >
        <TriangleAlert aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
        <p>
          {t.rich(
            'share.loopback',
            'Guests’ phones can’t open {site}: it is this computer’s own address. Connect this computer to the venue’s Wi-Fi, or set {variable} to an address phones can reach, then restart Afterglow.',
            {
              site: <span className="font-mono font-semibold">{site}</span>,
              variable: <span className="font-mono">{PUBLIC_URL_VARIABLE}</span>,
            },
          )}
        </p>
      </div>
    );
  return (
    <p className="flex items-center gap-2 text-sm text-neutral-700">
      <Wifi aria-hidden className="h-4 w-4 shrink-0" />
      <span>
        {t.rich('share.guestsOpen', 'Guests will open {site}', {
          site: <span className="font-mono font-semibold">{site}</span>,
        })}
      </span>
    </p>
  );
}

/** QR code, event code, join link, share and copy: on the success screen and the dashboard. */
export function ShareEventPanel({ event }: { event: ShareableEvent }) {
  const t = useT();
  const linkId = useId();
  const qrSrc = `data:image/svg+xml;utf8,${encodeURIComponent(event.qrCode)}`;
  return (
    <div className="space-y-5">
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <img
          src={qrSrc}
          alt={t('share.qrAlt', 'QR code to join {name}', { name: event.name })}
          width={176}
          height={176}
          className="h-44 w-44 shrink-0 rounded-xl border border-neutral-200 bg-white p-2"
        />
        <div className="w-full min-w-0 space-y-4">
          <div>
            <p className="text-sm font-semibold text-neutral-700">{t('share.eventCode', 'Event code')}</p>
            <div className="mt-1 flex items-center gap-2">
              <span className="font-mono text-3xl font-bold tracking-[0.2em] text-[var(--ag-primary-ink)]">
                {event.code}
              </span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('share.copyCode', 'Copy event code')}
                onClick={() => void copyCode(event.code)}
              >
                <Copy aria-hidden className="h-5 w-5" />
              </Button>
            </div>
          </div>
          <div>
            <label htmlFor={linkId} className="text-sm font-semibold text-neutral-700">
              {t('share.joinLink', 'Join link')}
            </label>
            <div className="mt-1 flex flex-col gap-2 sm:flex-row">
              <input
                id={linkId}
                readOnly
                value={event.joinUrl}
                onFocus={(e) => e.currentTarget.select()}
                className={`${inputClass} min-w-0 font-mono text-sm`}
              />
              <Button variant="outline" onClick={() => void copyLink(event.joinUrl)} className="shrink-0">
                <LinkIcon aria-hidden className="h-4 w-4" />
                {t('share.copyLink', 'Copy Link')}
              </Button>
            </div>
          </div>
          <Button onClick={() => void shareEvent(event)} className="w-full sm:w-auto">
            <Share2 aria-hidden className="h-4 w-4" />
            {t('share.shareEvent', 'Share Event')}
          </Button>
          <GuestAddress joinUrl={event.joinUrl} />
        </div>
      </div>
      <div className="rounded-xl bg-[var(--ag-accent-soft)] p-4 text-sm text-neutral-800">
        <p className="mb-2 font-semibold">{t('share.howToJoin', 'How guests can join:')}</p>
        <ol className="list-decimal space-y-1 ps-5">
          <li>{t('share.stepScan', 'Scan the QR code with their phone camera')}</li>
          <li>
            {t.rich('share.stepLink', 'Visit the share link: {link}', {
              link: <span className="break-all font-mono">{event.joinUrl}</span>,
            })}
          </li>
          <li>
            {t.rich('share.stepCode', 'Go to {site} and enter the code {code}', {
              site: <span className="font-mono">{siteOf(event.joinUrl)}</span>,
              code: <span className="font-mono font-semibold">{event.code}</span>,
            })}
          </li>
        </ol>
      </div>
    </div>
  );
}
