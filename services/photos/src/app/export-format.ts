import { CSV_BOM, EXPORT_CSV_COLUMNS, csvCell, csvLine } from '@afterglow/contracts';

/** Times in the event's time zone, and the rows of `photos.csv`. */

export interface LocalTime {
  /** '2024-06-01' */
  date: string;
  /** '21:05:33' */
  time: string;
  /** '+02:00' */
  offset: string;
}

/** Wall-clock time at the event (its IANA time zone; UTC when the zone is unknown). */
export class EventClock {
  readonly zone: string;
  private readonly parts: Intl.DateTimeFormat;

  constructor(timeZone: string) {
    this.zone = validZone(timeZone) ? timeZone : 'UTC';
    this.parts = new Intl.DateTimeFormat('en-US', {
      timeZone: this.zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  }

  local(d: Date): LocalTime {
    const p = Object.fromEntries(this.parts.formatToParts(d).map((x) => [x.type, x.value]));
    const [y, mo, da, h, mi, s] = ['year', 'month', 'day', 'hour', 'minute', 'second'].map((k) =>
      Number(p[k]),
    ) as [number, number, number, number, number, number];
    const offsetMin = Math.round(
      (Date.UTC(y, mo - 1, da, h, mi, s) - Math.floor(d.getTime() / 1000) * 1000) / 60_000,
    );
    const abs = Math.abs(offsetMin);
    return {
      date: `${y}-${pad(mo)}-${pad(da)}`,
      time: `${pad(h)}:${pad(mi)}:${pad(s)}`,
      offset: `${offsetMin < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`,
    };
  }

  /** '2024-06-01T21:05:33+02:00' */
  iso(d: Date): string {
    const t = this.local(d);
    return `${t.date}T${t.time}${t.offset}`;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export { csvCell, csvLine };

/** The header, after a byte-order mark so spreadsheets read the names as UTF-8. */
export const CSV_HEAD = `${CSV_BOM}${csvLine(EXPORT_CSV_COLUMNS)}`;

export interface CsvPhoto {
  path: string;
  guest: string;
  caption: string | null;
  takenAt: Date;
  status: string;
}

export function csvRow(p: CsvPhoto, clock: EventClock): string {
  return csvLine([
    p.path,
    p.guest,
    p.caption ?? '',
    p.takenAt.toISOString(),
    clock.iso(p.takenAt),
    clock.zone,
    p.status,
  ]);
}
