import {
  EXPORT_CSV_NAME,
  EXPORT_PROBLEMS,
  GUESTBOOK_CSV_NAME,
  HttpError,
  PLANS,
  billingEntitlements,
  conflict,
  exportFileName,
  exportManifestSchema,
  notFound,
  type Entitlements,
  type EventRecord,
  type ExportManifest,
  type PlanId,
  type Principal,
} from '@afterglow/contracts';
import { cachedAsk, type Bus } from '@afterglow/bus';
import type { Db } from '@afterglow/db';
import type { ObjectStore } from '@afterglow/storage';
import type { EventsClient } from './events-client';
import { CSV_HEAD } from './export-format';
import { GUESTBOOK_CSV_HEAD, GuestbookWalk, guestbookCsvOf, type AuthorsOf } from './export-guestbook';
import { ExportChanged, ExportWalk, csvOf, planExport } from './export-plan';
import { zipPart, type CsvFile, type ZipStream } from './export-zip';
import { assertHost } from './visibility';

export interface ExportDeps {
  db: Db;
  bus: Bus;
  store: ObjectStore;
  events: EventsClient;
  /** the most one part holds (AFTERGLOW_EXPORT_PART_MB) */
  partBytes: number;
  /** the guestbook's authors' names (the guests module's answer) */
  authors: AuthorsOf;
}

/** One part, checked and sized, ready to stream. */
export interface PreparedPart {
  version: string;
  fileName: string;
  bytes: number;
  open(): ZipStream;
}

/** The refusal for a plan without ZIP export, naming the plan and the plans that have it. */
export function noZipExport(plan: PlanId): HttpError {
  const cheapest = Object.values(PLANS)
    .filter((p) => p.zipExport)
    .sort((a, b) => a.priceCents - b.priceCents)[0];
  return new HttpError(
    403,
    EXPORT_PROBLEMS.planNoZipExport,
    `ZIP export is not included in the ${PLANS[plan].name} plan. ${cheapest?.name ?? 'A paid plan'} and ` +
      'above include ZIP export: upgrade to download every original at once.',
  );
}

/**
 * ZIP export of an event's originals (ADR 016): for its host (or an admin), when the host's plan,
 * as billing answers it now, includes ZIP export.
 */
export class Exports {
  /** What the host's account may do, as billing answers it (kept 30 s). */
  private readonly entitlementsOf: (r: { accountId: string }) => Promise<Entitlements>;

  constructor(private readonly d: ExportDeps) {
    this.entitlementsOf = cachedAsk(d.bus, billingEntitlements, { timeoutMs: 3000 });
  }

  private async exportable(eventId: string, viewer: Principal | null): Promise<EventRecord> {
    const e = await this.d.events.getOr404(eventId);
    assertHost(e, viewer);
    const plan = await this.entitlementsOf({ accountId: e.hostId });
    if (!plan.zipExport) throw noZipExport(plan.plan);
    return e;
  }

  /** GET /api/events/{id}/export */
  async manifest(eventId: string, viewer: Principal | null): Promise<ExportManifest> {
    const e = await this.exportable(eventId, viewer);
    const { plan } = await planExport(this.d.db, e, this.d.partBytes, this.d.authors);
    const count = plan.parts.length;
    return exportManifestSchema.parse({
      eventId: e.id,
      version: plan.version,
      photoCount: plan.photoCount,
      guestbookCount: plan.guestbook.count,
      guestCount: plan.guestCount,
      originalBytes: plan.originalBytes,
      totalBytes: plan.parts.reduce((sum, p) => sum + p.bytes, 0),
      partLimitBytes: this.d.partBytes,
      parts: plan.parts.map((p) => ({
        ...p,
        fileName: exportFileName(e.slug, e.code, p.number, count),
        url: `/api/events/${e.id}/export/${p.number}?v=${plan.version}`,
      })),
    });
  }

  /** GET /api/events/{id}/export/{part}: the part as the export stands, or 409 if `version` is stale. */
  async part(
    eventId: string,
    viewer: Principal | null,
    number: number,
    version?: string,
  ): Promise<PreparedPart> {
    const e = await this.exportable(eventId, viewer);
    const { plan, entries, guests } = await planExport(
      this.d.db,
      e,
      this.d.partBytes,
      this.d.authors,
      number,
    );
    if (version && version !== plan.version)
      throw conflict(
        'The photos changed since this export was listed. Open Export again to download the up-to-date parts.',
        EXPORT_PROBLEMS.changed,
      );
    const part = plan.parts[number - 1];
    if (!part)
      throw notFound(
        plan.parts.length ? `This export has ${plan.parts.length} part(s)` : 'No photos to export yet',
        EXPORT_PROBLEMS.noSuchPart,
      );
    const { db, store, partBytes, authors } = this.d;
    /** photos.csv, read from the rows again as the archive reaches it; it must match the plan */
    async function* csvText(): AsyncGenerator<string> {
      yield CSV_HEAD;
      const walk = new ExportWalk(db, e, guests, partBytes);
      for await (const n of walk.photos()) yield csvOf(n, walk.clock);
      if (walk.version() !== plan.photosVersion) throw new ExportChanged('the photos changed while exported');
    }
    /** guestbook.csv, likewise */
    async function* guestbookText(): AsyncGenerator<string> {
      yield GUESTBOOK_CSV_HEAD;
      const walk = new GuestbookWalk(db, e, authors);
      for await (const n of walk.entries()) yield guestbookCsvOf(n, walk.clock);
      if (walk.version() !== plan.guestbook.version)
        throw new ExportChanged('the guestbook changed while exported');
    }
    const book = plan.guestbook.csv;
    const csvs: CsvFile[] =
      number === 1
        ? [
            { name: EXPORT_CSV_NAME, ...plan.csv, text: csvText },
            ...(book ? [{ name: GUESTBOOK_CSV_NAME, ...book, text: guestbookText }] : []),
          ]
        : [];
    return {
      version: plan.version,
      fileName: exportFileName(e.slug, e.code, number, plan.parts.length),
      bytes: part.bytes,
      open: () => zipPart({ entries, csvs }, store),
    };
  }
}
