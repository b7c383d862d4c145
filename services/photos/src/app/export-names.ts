import {
  DEFAULT_CAPTURE_KIND,
  EXPORT_CSV_NAME,
  GUESTBOOK_CSV_NAME,
  GUESTBOOK_EXPORT_FOLDER,
  captureFileName,
  type CaptureKind,
} from '@afterglow/contracts';
import type { EventClock } from './export-format';

/**
 * Names inside an export: one folder per guest, named as people know them, safe on every file
 * system a host may unzip on (Windows, macOS, Linux), and never shared by two guests.
 */

const MAX_FOLDER_CHARS = 60;
// eslint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** zero-width and direction-changing characters: they hide or reverse parts of a name */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
/** what Windows refuses in a name, and the path separators */
const FORBIDDEN = /[/\\:*?"<>|]/g;
/** device names Windows reserves, with or without an extension */
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

/**
 * A label as a folder name: no separators or reserved characters, not hidden, not a device name,
 * not starting like a formula (so photos.csv names every file as it is in the archive).
 */
export function safeFolderName(label: string): string {
  let s = label
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(CONTROL, ' ')
    .replace(FORBIDDEN, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    // a leading sign would make the path a formula in a spreadsheet, or an option on a command line
    .replace(/^[=+\-@]/, '_');
  s = Array.from(s).slice(0, MAX_FOLDER_CHARS).join('');
  // Windows drops trailing dots and spaces, which would make two names one
  s = s.replace(/[.\s]+$/, '');
  return RESERVED.test(s) ? `${s}_` : s;
}

/** Same folder for file systems that ignore case (Windows, macOS) or store names decomposed (macOS). */
const sameOnDisk = (name: string) => name.normalize('NFC').toLowerCase();

/**
 * Hands out folder names in the order guests are asked for: the first guest of a name gets it, the
 * next ones 'Name (2)', 'Name (3)'…; nothing takes the name of a CSV or of the guestbook's folder
 * beside the folders.
 */
export class FolderNames {
  private readonly used = new Set<string>(
    [EXPORT_CSV_NAME, GUESTBOOK_CSV_NAME, GUESTBOOK_EXPORT_FOLDER].map(sameOnDisk),
  );

  take(label: string, fallback: string): string {
    const base = safeFolderName(label) || safeFolderName(fallback) || 'Guest';
    let name = base;
    for (let n = 2; this.used.has(sameOnDisk(name)); n++) name = `${base} (${n})`;
    this.used.add(sameOnDisk(name));
    return name;
  }
}

/**
 * File names within each guest's folder, in the order the captures are handed in (capture order):
 * '001_2024-06-01_21-05-33' and its kind's extension (`CAPTURE_KIND_FACTS`), the number
 * counting that guest's captures, the time the event's.
 */
export class FileNames {
  private readonly counts = new Map<string, number>();

  constructor(private readonly clock: EventClock) {}

  next(
    folder: string,
    takenAt: Date,
    kind: CaptureKind = DEFAULT_CAPTURE_KIND,
    /** the original's own extension, where it may differ from its kind's (a clip's container) */
    ext?: string,
  ): string {
    const n = (this.counts.get(folder) ?? 0) + 1;
    this.counts.set(folder, n);
    const t = this.clock.local(takenAt);
    const name = `${String(n).padStart(3, '0')}_${t.date}_${t.time.replace(/:/g, '-')}`;
    return `${folder}/${ext ? `${name}.${ext}` : captureFileName(name, kind)}`;
  }
}
