import type { ReactNode } from 'react';
import { Button } from '@afterglow/ui';
import { useT } from '../text';
import { applyUpdate, dismissInstall, postponeUpdate, promptInstall } from './appState';

function Banner({ label, text, children }: { label: string; text: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      className="pointer-events-auto flex flex-col gap-3 rounded-2xl bg-white p-4 text-neutral-900 shadow-xl ring-1 ring-black/10 sm:flex-row sm:items-center"
    >
      <p className="flex-1 text-sm" role="status">
        {text}
      </p>
      <div className="flex shrink-0 gap-2">{children}</div>
    </section>
  );
}

/**
 * The install banner (Install App / Not Now) and the update banner (Update Now / Later). On a
 * full-screen page (the camera) they sit at the top, clear of the shutter; elsewhere at the bottom,
 * where a thumb reaches them.
 */
export function Banners({
  install,
  update,
  fullScreen,
}: {
  install: boolean;
  update: boolean;
  fullScreen: boolean;
}) {
  const t = useT();
  return (
    <div
      className={`pointer-events-none fixed inset-x-0 z-40 flex flex-col items-center gap-2 px-3 ${
        fullScreen
          ? 'top-[max(0.75rem,env(safe-area-inset-top))]'
          : 'bottom-[max(0.75rem,env(safe-area-inset-bottom))]'
      }`}
    >
      <div className="flex w-full max-w-md flex-col gap-2">
        {update && (
          <Banner
            label={t('pwa.update.label', 'App update')}
            text={t('pwa.update.text', 'A new version of Afterglow is available.')}
          >
            <Button size="sm" onClick={applyUpdate}>
              {t('pwa.update.now', 'Update Now')}
            </Button>
            <Button size="sm" variant="ghost" onClick={postponeUpdate}>
              {t('pwa.update.later', 'Later')}
            </Button>
          </Banner>
        )}
        {install && (
          <Banner
            label={t('pwa.install.label', 'Install Afterglow')}
            text={t(
              'pwa.install.text',
              'Install Afterglow on your phone: it opens like an app and works with a weak signal.',
            )}
          >
            <Button size="sm" onClick={() => void promptInstall()}>
              {t('pwa.install.app', 'Install App')}
            </Button>
            <Button size="sm" variant="ghost" onClick={dismissInstall}>
              {t('pwa.install.notNow', 'Not Now')}
            </Button>
          </Banner>
        )}
      </div>
    </div>
  );
}
