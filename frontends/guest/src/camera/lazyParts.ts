import { useEffect, useState } from 'react';
import { loadSending } from '../offline/usePhotoQueue';

/**
 * A part of the camera page that is not on its first load (docs/adr/037-guest-page-weight.md):
 * fetched once, when first wanted, and again after a failure.
 */
export interface LazyPart<C> {
  loaded: C | null;
  load(): Promise<C>;
}

function lazyPart<C>(fetch: () => Promise<C>): LazyPart<C> {
  let loading: Promise<C> | null = null;
  const part: LazyPart<C> = {
    loaded: null,
    load: () =>
      (loading ??= fetch().then(
        (c) => (part.loaded = c),
        (err: unknown) => {
          loading = null;
          throw err;
        },
      )),
  };
  return part;
}

/** The live camera (its viewfinder, shutter and switches): wanted once the camera starts. */
// (a named chunk: the join page fetches the same one ahead, pages/Join.tsx)
export const cameraView = lazyPart(
  async () => (await import(/* webpackChunkName: "camera-view" */ './CameraView')).CameraView,
);
/** The photo preview dialog (its Radix dialog, focus trap, scroll lock): wanted once a photo may be taken. */
export const previewDialog = lazyPart(async () => (await import('./PreviewDialog')).PreviewDialog);
/**
 * What keeps a photo (the offline queue's writing, the upload: offline/sending.ts), wanted with the
 * preview, so a photo kept after the connection went has it; the queue fetches it itself when a page
 * opens with photos waiting (offline/usePhotoQueue.ts).
 */
export const keeping = lazyPart(loadSending);

/**
 * The part, once here: fetched when `now` (and again when the connection comes back after a failed
 * fetch); `failed` says the last fetch failed. A page that goes offline before wanting it still has
 * it: the service worker keeps the camera page's files, these among them (docs/adr/021-installable-
 * and-offline.md).
 */
export function useLazyPart<C>(part: LazyPart<C>, now: boolean): { part: C | null; failed: boolean } {
  const [state, setState] = useState<{ part: C | null; failed: boolean }>(() => ({
    part: part.loaded,
    failed: false,
  }));
  const here = state.part !== null;
  useEffect(() => {
    if (here) return;
    let live = true;
    const load = () => {
      part.load().then(
        (c) => live && setState({ part: c, failed: false }),
        () => live && setState((s) => ({ ...s, failed: true })),
      );
    };
    if (now) load();
    window.addEventListener('online', load);
    return () => {
      live = false;
      window.removeEventListener('online', load);
    };
  }, [part, here, now]);
  return state;
}
