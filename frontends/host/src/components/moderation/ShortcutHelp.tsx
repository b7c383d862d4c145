import { Keyboard } from 'lucide-react';
import { Button } from '@afterglow/ui';
import { MODERATION_SHORTCUTS } from '../../hooks/useModerationKeys';
import { Tooltip } from '../Tooltip';

/** 'Keyboard shortcuts': the moderation keys, in a tooltip on hover or focus. */
export function ShortcutHelp() {
  return (
    <Tooltip
      content={
        <>
          <span className="mb-1 block font-semibold">Keyboard shortcuts</span>
          {MODERATION_SHORTCUTS.map(([key, what]) => (
            <span key={key} className="flex justify-between gap-3">
              <kbd className="font-mono font-bold">{key}</kbd>
              <span>{what}</span>
            </span>
          ))}
        </>
      }
    >
      <Button variant="ghost" size="sm" aria-label="Keyboard shortcuts">
        <Keyboard aria-hidden className="h-4 w-4" />
        <span className="hidden sm:inline">Shortcuts</span>
      </Button>
    </Tooltip>
  );
}
