import { Trash2 } from 'lucide-react';
import { Button, Card } from '@afterglow/ui';
import type { SavedShot } from './roll';
import { presetFilter, presetInfo } from './settings';

/** Confirmed test photos: kept in memory on this page only, never uploaded. */
export function SavedShots({ shots, onClear }: { shots: SavedShot[]; onClear: () => void }) {
  return (
    <Card className="p-5">
      <section aria-labelledby="saved-shots-title">
        <div className="mb-3 flex items-center justify-between gap-3">
          <h2 id="saved-shots-title" className="text-lg font-semibold text-neutral-900">
            Saved test photos ({shots.length})
          </h2>
          {shots.length > 0 && (
            <Button variant="ghost" size="sm" onClick={onClear}>
              <Trash2 aria-hidden className="h-4 w-4" />
              Clear
            </Button>
          )}
        </div>
        <p className="mb-4 text-sm text-neutral-700">
          Confirmed photos stay on this page only: nothing is uploaded, and they are gone when you leave.
        </p>
        {shots.length === 0 ? (
          <p className="text-sm text-neutral-700">No test photos saved yet.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {shots.map((s) => (
              <li key={s.id}>
                <figure>
                  <img
                    src={s.url}
                    alt={s.caption ? `Test photo: ${s.caption}` : `Test photo ${s.id}`}
                    className="aspect-square w-full rounded-lg bg-neutral-200 object-cover"
                    style={s.filmMode ? { filter: presetFilter(s.preset) } : undefined}
                  />
                  <figcaption className="mt-1 text-xs text-neutral-700">
                    <span className="block truncate font-medium text-neutral-900">
                      {s.caption || 'No caption'}
                    </span>
                    {s.filmMode ? presetInfo(s.preset).name : 'Film mode off'} · {s.width}×{s.height}
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
