import { ApiError } from '@afterglow/ui';

/** The File System Access save picker (Chromium-based desktop browsers have it). */
type SaveFilePicker = (options: {
  suggestedName?: string;
  types?: { description: string; accept: Record<string, string[]> }[];
}) => Promise<FileSystemFileHandle>;

/** The browser's save picker, or null where there is none (then a plain download link is used). */
export function savePicker(): SaveFilePicker | null {
  const w = window as unknown as { showSaveFilePicker?: SaveFilePicker };
  return typeof w.showSaveFilePicker === 'function' ? w.showSaveFilePicker.bind(window) : null;
}

export interface Progress {
  received: number;
  /** the response's Content-Length (0 when it sent none) */
  total: number;
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/** The response ended before its announced length: the file is not kept (the page says so in words). */
export class DownloadCut extends Error {
  constructor() {
    super('The download stopped before the end. Please try again.');
    this.name = 'DownloadCut';
  }
}

/**
 * Asks where to save `fileName` (the picker calls its type `fileType`, 'ZIP archive'), then streams `url` into that file as it arrives, reporting each
 * chunk. Answers false when the person closes the picker; throws ApiError for a refused download,
 * and AbortError when `signal` aborts (the half-written file is discarded).
 */
export async function saveToPickedFile(
  url: string,
  fileName: string,
  fileType: string,
  onProgress: (p: Progress) => void,
  signal: AbortSignal,
): Promise<boolean> {
  let handle: FileSystemFileHandle;
  try {
    handle = await savePicker()!({
      suggestedName: fileName,
      types: [{ description: fileType, accept: { 'application/zip': ['.zip'] } }],
    });
  } catch (err) {
    if (isAbort(err)) return false;
    throw err;
  }
  const res = await fetch(url, { credentials: 'include', signal });
  if (!res.ok || !res.body) throw new ApiError(res.status, await res.text().catch(() => ''), res.statusText);
  const total = Number(res.headers.get('content-length')) || 0;
  const file = await handle.createWritable();
  const reader = res.body.getReader();
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      await file.write(value);
      // Cancel wins even when the last bytes have already arrived: nothing is kept once it is pressed
      signal.throwIfAborted();
      received += value.length;
      onProgress({ received, total });
    }
    if (total && received !== total) throw new DownloadCut();
    signal.throwIfAborted();
    await file.close();
    return true;
  } catch (err) {
    await reader.cancel().catch(() => {});
    await file.abort().catch(() => {});
    throw err;
  }
}

/** Hands `url` to the browser's own download (it shows the progress: the size is announced). */
export function browserDownload(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}
