import { createHash, type Hash } from 'node:crypto';
import { and, asc, eq, exists, ne, sql } from 'drizzle-orm';
import {
  EXPORT_CSV_NAME,
  GUESTBOOK_CSV_NAME,
  captureKindOf,
  guestLabel,
  type EventRecord,
} from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import { devices, photos } from '../adapters/schema';
import { CSV_HEAD, EventClock, csvRow } from './export-format';
import { GuestbookWalk, joinVersions, measureGuestbook, type AuthorsOf } from './export-guestbook';
import { FileNames, FolderNames } from './export-names';
import { ZIP_EMPTY_BYTES, ZIP_MAX_BYTES, ZIP_MAX_ENTRIES, zipEntryBytes } from './zip-layout';

/**
 * What an export holds and how it splits into parts, worked out from the photo rows a page at a time
 * (never the whole list at once): every photo of the event the host did not reject, oldest first,
 * each guest's in a folder of their own, `photos.csv` listing them all at the root of part 1; and the
 * guestbook's entries the host did not reject (issue 23): `guestbook.csv` beside it, the voice
 * messages in `guestbook/` after the photos. The same rows always give the same names, parts and
 * bytes; a fingerprint of them is the manifest's version.
 */

/** Bumped when the archive's layout changes, so an old version never names a new layout. */
const LAYOUT = 'afterglow-export-2';
const PAGE = 500;

export interface Guest {
  label: string;
  folder: string;
}

interface Row {
  id: string;
  deviceId: string;
  kind: string;
  originalKey: string;
  bytes: number;
  caption: string | null;
  status: string;
  createdAt: Date;
  /** created_at as the database prints it (microseconds): the page cursor */
  at: string;
}

/** One photo of the export, named. */
export interface Named {
  row: Row;
  guest: Guest;
  path: string;
}

/** A file of the part being downloaded: a photo's original, or a voice message's recording. */
export interface PartEntry {
  path: string;
  key: string;
  bytes: number;
  takenAt: Date;
}

export interface PartPlan {
  number: number;
  bytes: number;
  photoCount: number;
}

export interface ExportPlan {
  /** the photos' and the guestbook's fingerprints together */
  version: string;
  /** the photos' fingerprint (photos.csv is read again against it) */
  photosVersion: string;
  photoCount: number;
  guestCount: number;
  /** the originals' bytes: photos' and voice messages' */
  originalBytes: number;
  csv: { bytes: number; mtime: Date };
  /** the guestbook's entries; `csv` null when there are none (no guestbook.csv then) */
  guestbook: { count: number; version: string; csv: { bytes: number; mtime: Date } | null };
  parts: PartPlan[];
}

/** The rows changed while they were being read: work it out again. */
export class ExportChanged extends Error {}

/** Guests with a photo in the export, oldest device first, each given a folder name. */
async function exportGuests(db: Db, eventId: string): Promise<Map<string, Guest>> {
  const rows = await db
    .select({ id: devices.id, anonId: devices.anonId, displayName: devices.displayName })
    .from(devices)
    .where(
      and(
        eq(devices.eventId, eventId),
        exists(
          db
            .select({ one: sql`1` })
            .from(photos)
            .where(and(eq(photos.deviceId, devices.id), ne(photos.status, 'rejected'))),
        ),
      ),
    )
    .orderBy(asc(devices.createdAt), asc(devices.id));
  const names = new FolderNames();
  return new Map(
    rows.map((d) => {
      const label = guestLabel(d.displayName, d.anonId);
      return [d.id, { label, folder: names.take(label, guestLabel(null, d.anonId)) }];
    }),
  );
}

/** One reading of the export's photos, in order, named, feeding the fingerprint as it goes. */
export class ExportWalk {
  readonly clock: EventClock;
  private readonly hash: Hash;

  constructor(
    private readonly db: Db,
    private readonly event: EventRecord,
    readonly guests: Map<string, Guest>,
    partLimit: number,
  ) {
    this.clock = new EventClock(event.timezone);
    // the server's own zone too: yazl writes the entries' DOS times in it
    const serverZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    this.hash = createHash('sha256').update(
      JSON.stringify([
        LAYOUT,
        event.id,
        event.slug,
        event.code,
        this.clock.zone,
        serverZone,
        partLimit,
        [...guests],
      ]),
    );
  }

  async *photos(): AsyncGenerator<Named> {
    const files = new FileNames(this.clock);
    let after: Row | undefined;
    for (;;) {
      const page: Row[] = await this.db
        .select({
          id: photos.id,
          deviceId: photos.deviceId,
          kind: photos.kind,
          originalKey: photos.originalKey,
          bytes: photos.bytes,
          caption: photos.caption,
          status: photos.status,
          createdAt: photos.createdAt,
          at: sql<string>`${photos.createdAt}::text`,
        })
        .from(photos)
        .where(
          and(
            eq(photos.eventId, this.event.id),
            ne(photos.status, 'rejected'),
            after
              ? sql`(${photos.createdAt}, ${photos.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(photos.createdAt), asc(photos.id))
        .limit(PAGE);
      for (const row of page) {
        const guest = this.guests.get(row.deviceId);
        if (!guest) throw new ExportChanged('a photo of a guest not seen before');
        this.hash.update(
          JSON.stringify([
            row.id,
            row.status,
            row.caption,
            row.bytes,
            row.createdAt.getTime(),
            row.originalKey,
          ]),
        );
        // a clip keeps the container it was recorded in (ADR 033): its name ends as its original's key
        const kind = captureKindOf(row.kind);
        const ext = kind === 'photo' ? undefined : /\.(\w+)$/.exec(row.originalKey)?.[1];
        yield { row, guest, path: files.next(guest.folder, row.createdAt, kind, ext) };
      }
      if (page.length < PAGE) return;
      after = page[page.length - 1];
    }
  }

  /** The fingerprint of everything read so far. */
  version(): string {
    return this.hash.copy().digest('base64url').slice(0, 32);
  }
}

export const csvOf = (n: Named, clock: EventClock) =>
  csvRow(
    {
      path: n.path,
      guest: n.guest.label,
      caption: n.row.caption,
      takenAt: n.row.createdAt,
      status: n.row.status,
    },
    clock,
  );

/**
 * Reads the rows twice: once for photos.csv's size (it opens part 1, so it must be known before the
 * parts are cut), once to cut the parts, keeping the entries of part `keep` (the one to download).
 * Both readings must agree, or the rows changed meanwhile and it starts over (twice at most).
 */
export async function planExport(
  db: Db,
  event: EventRecord,
  partLimit: number,
  authors: AuthorsOf,
  keep?: number,
): Promise<{ plan: ExportPlan; entries: PartEntry[]; guests: Map<string, Guest> }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await planOnce(db, event, partLimit, authors, keep);
    } catch (err) {
      if (!(err instanceof ExportChanged) || attempt >= 3) throw err;
    }
  }
}

async function planOnce(db: Db, event: EventRecord, partLimit: number, authors: AuthorsOf, keep?: number) {
  const guests = await exportGuests(db, event.id);
  const first = new ExportWalk(db, event, guests, partLimit);
  let csvBytes = Buffer.byteLength(CSV_HEAD);
  let photoCount = 0;
  let originalBytes = 0;
  let newest = new Date(event.createdAt);
  for await (const n of first.photos()) {
    csvBytes += Buffer.byteLength(csvOf(n, first.clock));
    photoCount++;
    originalBytes += n.row.bytes;
    newest = n.row.createdAt;
  }
  const firstBook = new GuestbookWalk(db, event, authors);
  const book = await measureGuestbook(firstBook, new Date(event.createdAt));
  const entryCount = book.count;
  originalBytes += book.audioBytes;

  const second = new ExportWalk(db, event, guests, partLimit);
  const parts: (PartPlan & { files: number })[] = [];
  const entries: PartEntry[] = [];
  const csvs =
    zipEntryBytes(EXPORT_CSV_NAME, csvBytes) +
    (entryCount ? zipEntryBytes(GUESTBOOK_CSV_NAME, book.csvBytes) : 0);
  let part = { number: 1, bytes: ZIP_EMPTY_BYTES + csvs, photoCount: 0, files: 0 };
  let inPart = entryCount ? 2 : 1; // entries, the CSVs included
  /** The next file, in the part it fits (a new one when it does not). */
  const add = (file: PartEntry, photo: boolean) => {
    const bytes = zipEntryBytes(file.path, file.bytes);
    if (inPart > 0 && (part.bytes + bytes > partLimit || inPart >= ZIP_MAX_ENTRIES)) {
      parts.push(part);
      part = { number: part.number + 1, bytes: ZIP_EMPTY_BYTES, photoCount: 0, files: 0 };
      inPart = 0;
    }
    part.bytes += bytes;
    part.files++;
    if (photo) part.photoCount++;
    inPart++;
    if (part.bytes > ZIP_MAX_BYTES) throw new Error('an export part would need ZIP64');
    if (part.number === keep) entries.push(file);
  };
  for await (const n of second.photos())
    add({ path: n.path, key: n.row.originalKey, bytes: n.row.bytes, takenAt: n.row.createdAt }, true);
  // the guestbook's voice messages after the photos
  const secondBook = new GuestbookWalk(db, event, authors);
  for await (const n of secondBook.entries())
    if (n.audioPath && n.row.audioKey)
      add(
        { path: n.audioPath, key: n.row.audioKey, bytes: n.row.audioBytes ?? 0, takenAt: n.row.createdAt },
        false,
      );
  // part 1 holds the CSVs even when no file does (a guestbook of written messages only)
  if (part.files > 0 || (part.number === 1 && entryCount > 0)) parts.push(part);
  if (second.version() !== first.version()) throw new ExportChanged('the photos changed while read');
  if (secondBook.version() !== firstBook.version())
    throw new ExportChanged('the guestbook changed while read');
  return {
    plan: {
      version: joinVersions(first.version(), entryCount ? firstBook.version() : null),
      photosVersion: first.version(),
      photoCount,
      guestCount: guests.size,
      originalBytes,
      csv: { bytes: csvBytes, mtime: newest },
      guestbook: {
        count: entryCount,
        version: firstBook.version(),
        csv: entryCount ? { bytes: book.csvBytes, mtime: book.newest } : null,
      },
      parts: parts.map(({ files: _files, ...p }) => p),
    },
    entries,
    guests,
  };
}
