import { Keyboard } from 'lucide-react';
import { Button } from '@afterglow/ui';
import { MODERATION_SHORTCUTS } from '../../hooks/useModerationKeys';
import { useT } from '../../text';
import { Tooltip } from '../Tooltip';

/** 'Keyboard shortcuts': the moderation keys, in a tooltip on hover or focus. */
export function ShortcutHelp() {
  const t = useT();
  return (
    <Tooltip
      content={
        <>
          <span className="mb-1 block font-semibold">{t('shortcuts.title', 'Keyboard shortcuts')}</span>
          {MODERATION_SHORTCUTS.map(([key, what]) => (
            <span key={key} className="flex justify-between gap-3">
              <kbd className="font-mono font-bold">{key}</kbd>
              <span>{t(what)}</span>
            </span>
          ))}
        </>
      }
    >
      <Button variant="ghost" size="sm" aria-label={t('shortcuts.title', 'Keyboard shortcuts')}>
        <Keyboard aria-hidden className="h-4 w-4" />
        <span className="hidden sm:inline">{t('shortcuts.button', 'Shortcuts')}</span>
      </Button>
    </Tooltip>
  );
}
