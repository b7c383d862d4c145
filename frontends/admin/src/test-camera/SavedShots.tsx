import { Trash2 } from 'lucide-react';
import { Button, Card } from '@afterglow/ui';
import { useT } from '../text';
import { PRESET_TEXT } from './presetText';
import type { SavedShot } from './roll';
import { presetFilter } from './settings';

/** Confirmed test photos: kept in memory on this page only, never uploaded. */
export function SavedShots({ shots, onClear }: { shots: SavedShot[]; onClear: () => void }) {
  const t = useT();
  return (
    <Card className="p-5">
      <section aria-labelledby="saved-shots-title">
        <div className="mb-3 flex items-center justify-between gap-3">
          <h2 id="saved-shots-title" className="text-lg font-semibold text-neutral-900">
            {t('saved.title', 'Saved test photos ({count})', { count: shots.length })}
          </h2>
          {shots.length > 0 && (
            <Button variant="ghost" size="sm" onClick={onClear}>
              <Trash2 aria-hidden className="h-4 w-4" />
              {t('saved.clear', 'Clear')}
            </Button>
          )}
        </div>
        <p className="mb-4 text-sm text-neutral-700">
          {t(
            'saved.note',
            'Confirmed photos stay on this page only: nothing is uploaded, and they are gone when you leave.',
          )}
        </p>
        {shots.length === 0 ? (
          <p className="text-sm text-neutral-700">{t('saved.empty', 'No test photos saved yet.')}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {shots.map((s) => (
              <li key={s.id}>
                <figure>
                  <img
                    src={s.url}
                    alt={
                      s.caption
                        ? t('preview.alt', 'Test photo: {caption}', { caption: s.caption })
                        : t('saved.alt', 'Test photo {number}', { number: s.id })
                    }
                    className="aspect-square w-full rounded-lg bg-neutral-200 object-cover"
                    style={s.filmMode ? { filter: presetFilter(s.preset) } : undefined}
                  />
                  <figcaption className="mt-1 text-xs text-neutral-700">
                    <span className="block truncate font-medium text-neutral-900">
                      {s.caption || t('saved.noCaption', 'No caption')}
                    </span>
                    {s.filmMode ? t(PRESET_TEXT[s.preset].name) : t('saved.filmOff', 'Film mode off')} ·{' '}
                    {s.width}×{s.height}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
