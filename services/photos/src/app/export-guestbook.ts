import { createHash, type Hash } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  CSV_BOM,
  GUESTBOOK_CSV_COLUMNS,
  GUESTBOOK_EXPORT_FOLDER,
  csvLine,
  guestLabel,
  type EventRecord,
} from '@afterglow/contracts';
import type { Db } from '@afterglow/db';
import { guestbookEntries } from '../adapters/schema';
import type { Author } from '../guests';
import { EventClock } from './export-format';
import { FileNames } from './export-names';

/**
 * The guestbook in the export (issue 23), as photos are (ADR 016): every entry the host did not
 * reject, oldest first, listed in `guestbook.csv` at the root of part 1, each voice message's
 * recording as it arrived in `guestbook/`. Read a page at a time, feeding a fingerprint as photos do,
 * so the same entries always give the same bytes.
 */

const PAGE = 500;

/** The header, after a byte-order mark so spreadsheets read the names as UTF-8. */
export const GUESTBOOK_CSV_HEAD = `${CSV_BOM}${csvLine(GUESTBOOK_CSV_COLUMNS)}`;

/** Who wrote which entry: the guests module's answer, by device id. */
export type AuthorsOf = (deviceIds: readonly string[]) => Promise<Map<string, Author>>;

interface EntryRow {
  id: string;
  deviceId: string;
  kind: string;
  text: string | null;
  audioKey: string | null;
  audioBytes: number | null;
  status: string;
  createdAt: Date;
  /** created_at as the database prints it: the page cursor */
  at: string;
}

/** One entry of the export: its author's name and, for a voice message, its file's path. */
export interface NamedEntry {
  row: EntryRow;
  author: string;
  audioPath: string | null;
}

/** One reading of the export's guestbook, in order, named, feeding the fingerprint as it goes. */
export class GuestbookWalk {
  readonly clock: EventClock;
  private readonly hash: Hash;

  constructor(
    private readonly db: Db,
    private readonly event: EventRecord,
    private readonly authors: AuthorsOf,
  ) {
    this.clock = new EventClock(event.timezone);
    this.hash = createHash('sha256').update(JSON.stringify(['guestbook', event.id, this.clock.zone]));
  }

  async *entries(): AsyncGenerator<NamedEntry> {
    const files = new FileNames(this.clock);
    let after: EntryRow | undefined;
    for (;;) {
      const page: EntryRow[] = await this.db
        .select({
          id: guestbookEntries.id,
          deviceId: guestbookEntries.deviceId,
          kind: guestbookEntries.kind,
          text: guestbookEntries.text,
          audioKey: guestbookEntries.audioKey,
          audioBytes: guestbookEntries.audioBytes,
          status: guestbookEntries.status,
          createdAt: guestbookEntries.createdAt,
          at: sql<string>`${guestbookEntries.createdAt}::text`,
        })
        .from(guestbookEntries)
        .where(
          and(
            eq(guestbookEntries.eventId, this.event.id),
            ne(guestbookEntries.status, 'rejected'),
            after
              ? sql`(${guestbookEntries.createdAt}, ${guestbookEntries.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(guestbookEntries.createdAt), asc(guestbookEntries.id))
        .limit(PAGE);
      const names = await this.authors(page.map((r) => r.deviceId));
      for (const row of page) {
        const who = names.get(row.deviceId);
        const author = guestLabel(who?.displayName, who?.anonId);
        this.hash.update(
          JSON.stringify([
            row.id,
            row.status,
            row.kind,
            row.text,
            row.audioKey,
            row.audioBytes,
            row.createdAt.getTime(),
            author,
          ]),
        );
        // a recording keeps the container it was recorded in: its name ends as its key
        const ext = row.audioKey ? /\.(\w+)$/.exec(row.audioKey)?.[1] : undefined;
        const audioPath = ext ? files.next(GUESTBOOK_EXPORT_FOLDER, row.createdAt, undefined, ext) : null;
        yield { row, author, audioPath };
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

/** A row of `guestbook.csv`. */
export const guestbookCsvOf = (n: NamedEntry, clock: EventClock) =>
  csvLine([
    n.row.id,
    n.row.createdAt.toISOString(),
    clock.iso(n.row.createdAt),
    clock.zone,
    n.author,
    n.row.kind,
    n.row.text ?? '',
    n.audioPath ?? '',
    n.row.status,
  ]);

/**
 * The first reading of the export's guestbook: guestbook.csv's size, how many entries, their
 * recordings' bytes and the newest entry's time (`since` when there is none).
 */
export async function measureGuestbook(walk: GuestbookWalk, since: Date) {
  let csvBytes = Buffer.byteLength(GUESTBOOK_CSV_HEAD);
  let count = 0;
  let audioBytes = 0;
  let newest = since;
  for await (const n of walk.entries()) {
    csvBytes += Buffer.byteLength(guestbookCsvOf(n, walk.clock));
    count++;
    audioBytes += n.audioPath ? (n.row.audioBytes ?? 0) : 0;
    newest = n.row.createdAt;
  }
  return { csvBytes, count, audioBytes, newest };
}

/** The manifest's version: the photos' alone while there is no guestbook (as before it existed). */
export const joinVersions = (photos: string, guestbook: string | null) =>
  guestbook === null
    ? photos
    : createHash('sha256').update(`${photos}:${guestbook}`).digest('base64url').slice(0, 32);
