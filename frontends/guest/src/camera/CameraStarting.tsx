import { LoaderCircleIcon } from '../components/icons';
import { useT } from '../text';

/**
 * The camera starting, as the live camera looks before its first picture: over the page while the
 * live view's code arrives (`fixed`), or over the viewfinder until its video plays (`absolute`).
 */
export function CameraStarting({ className }: { className: string }) {
  const t = useT();
  return (
    <div
      role="status"
      className={`${className} inset-0 flex flex-col items-center justify-center gap-3 text-white/90`}
    >
      <LoaderCircleIcon className="h-10 w-10 animate-spin" />
      <span>{t('viewfinder.starting', 'Starting camera…')}</span>
    </div>
  );
}
