import { useState } from 'react';
import { Copy, ExternalLink, Share2 } from 'lucide-react';
import { Button, buttonClass, toast } from '@afterglow/ui';
// not part of the shared UI singleton: only the pages that copy carry it
import { copyText } from '@afterglow/ui/clipboard';
import { Modal } from '../components/Modal';
import { useT } from '../text';
import { hashtagLine, shareTargets } from './share-targets';

/**
 * Share: the device's share sheet when it has one, X, Facebook, LinkedIn, WhatsApp and Copy link,
 * all with the share link (which chat apps unfurl) and the hashtags.
 */
export function ShareMenu({ url, title, text }: { url: string; title: string; text: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const nativeShare = async () => {
    try {
      await navigator.share({ title, text: `${text} ${hashtagLine}`, url });
      setOpen(false);
    } catch (err) {
      // closing the sheet is not a failure; anything else leaves the other ways open
      if ((err as Error)?.name !== 'AbortError') console.warn('share failed', err);
    }
  };
  const copy = async () => {
    try {
      await copyText(url);
      toast({
        title: t('share.copied', 'Copied!'),
        description: t('share.copiedText', 'Gallery link copied to clipboard'),
      });
      setOpen(false);
    } catch {
      toast({
        title: t('share.copyFailed', 'Copy failed'),
        description: t('share.copyFailedText', 'Could not copy link to clipboard'),
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} className="w-full sm:w-auto">
        <Share2 aria-hidden className="h-5 w-5" />
        {t('share.open', 'Share')}
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={t('share.title', 'Share Gallery')}
        description={hashtagLine}
      >
        <div className="mt-4 flex flex-col gap-2">
          {canShare && (
            <Button onClick={() => void nativeShare()} className="w-full">
              <Share2 aria-hidden className="h-5 w-5" />
              {t('share.native', 'Share…')}
            </Button>
          )}
          {shareTargets(url, text).map((target) => (
            <a
              key={target.name}
              href={target.href}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('outline', 'md', 'w-full')}
            >
              <ExternalLink aria-hidden className="h-5 w-5" />
              {t('share.on', 'Share on {network}', { network: target.name })}
              <span className="sr-only"> {t('share.newTab', '(opens in a new tab)')}</span>
            </a>
          ))}
          <Button variant="secondary" onClick={() => void copy()} className="w-full">
            <Copy aria-hidden className="h-5 w-5" />
            {t('share.copy', 'Copy Link')}
          </Button>
        </div>
      </Modal>
    </>
  );
}
