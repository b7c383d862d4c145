/* eslint-disable @typescript-eslint/no-explicit-any -- benchmark results are free-form JSON */
type R = Record<string, any>;

const n = (v: unknown, unit = '') => (typeof v === 'number' ? `${v}${unit}` : '—');
const kb = (v: unknown) => (typeof v === 'number' ? `${(v / 1024).toFixed(1)} KB` : '—');
const verdict = (ok: boolean | null) => (ok === null ? '—' : ok ? 'met' : 'short');
const cmp = (v: unknown, f: (x: number) => boolean) => (typeof v === 'number' ? f(v) : null);

/** The short table's rows: figure, Afterglow, bare limit, ratio, aim, verdict ('met', 'short', '—' or ''). */
export function figureRows(r: R): string[][] {
  const ic = r.ingestCapacity ?? {};
  const ib = r.ingestBurst ?? {};
  const d = r.developing ?? {};
  const l = r.liveDisplay ?? {};
  const g = r.gallery ?? {};
  const f = r.frontend ?? {};
  const a = r.adminLists ?? {};
  const ai = r.aiFilter ?? {};
  const c = r.clips ?? {};
  const fm = r.faces ?? {};
  const fi = fm.indexing ?? {};
  const fs = fm.search ?? {};
  const fl = fm.labelled ?? {};
  const al = a.latencyMs ?? {};
  const lh = f.lighthouse ?? {};
  const fd = r.filmDeveloping ?? {};
  const vf = f.viewfinder ?? {};
  const ds = r.distributed ?? {};
  const burst = (b: R, label: string) => [
    [
      `Party burst on ${label}, ${n(b.offeredPerSecond)} uploads/s offered for ${n(b.seconds, ' s')} (ack p50/p95/p99)`,
      `${n(b.latencyMs?.p50)}/${n(b.latencyMs?.p95)}/${n(b.latencyMs?.p99)} ms, ${n(b.errors)} errors, ${n(b.stored)} of ${n(b.acknowledged)} stored`,
      '',
      '',
      'p95 < 300 ms, 0 errors, all stored',
      verdict(
        cmp(b.latencyMs?.p95, (x) => x < 300) === null
          ? null
          : b.latencyMs.p95 < 300 && b.errors === 0 && b.allAcknowledgedStored === true,
      ),
    ],
    [
      `Party burst on ${label}: ${b.aiFilter ? 'developed and judged by the AI filter' : 'developed'}, behind at the end → caught up`,
      `${n(b.behindAtEnd)} photos behind → caught up in ${b.caughtUp === false ? 'more than the limit' : n(b.catchUpSeconds, ' s')}`,
      '',
      '',
      'caught up',
      verdict(typeof b.caughtUp === 'boolean' ? b.caughtUp : null),
    ],
  ];
  const rows: string[][] = [
    [
      'Ingest capacity (closed loop, 200 guests, after a warm-up; bare measured before and after)',
      `${n(ic.storedPerSecond)}/s stored, ${n(ic.afterglow?.errors)} errors (warm-up ${n(ic.afterglow?.warmUp?.seconds, ' s')}, ${n(ic.afterglow?.warmUp?.errors)} errors)`,
      ic.bare?.before
        ? `${n(ic.bare.perSecond)}/s (${n(ic.bare.before.perSecond)}, ${n(ic.bare.after?.perSecond)})`
        : `${n(ic.bare?.perSecond)}/s`,
      `ratio ${n(ic.ratio)}`,
      '≥ 0.3, 0 errors',
      verdict(cmp(ic.ratio, (x) => x >= 0.3) && ic.afterglow?.errors === 0),
    ],
    ...(ic.afterglowOnPostgres
      ? [
          [
            'Ingest capacity, same process on PostgreSQL',
            `${n(ic.afterglowOnPostgres.storedPerSecond)}/s stored, ${n(ic.afterglowOnPostgres.errors)} errors; CPU ${n(ic.afterglowOnPostgres.serverCpuMsPerUpload, ' ms')} (main ${n(ic.afterglowOnPostgres.mainThreadCpuMsPerUpload, ' ms')})/upload`,
            `${n(ic.bare?.perSecond)}/s`,
            `ratio ${n(ic.afterglowOnPostgres.ratio)}`,
            'stored = acknowledged',
            verdict(ic.afterglowOnPostgres.allAcknowledgedStored ?? null),
          ],
        ]
      : []),
    [
      'Server CPU per upload (all threads)',
      `${n(ic.afterglow?.serverCpuMsPerUpload, ' ms')} (main thread ${n(ic.afterglow?.mainThreadCpuMsPerUpload, ' ms')})`,
      n(ic.bare?.serverCpuMsPerUpload, ' ms'),
      '',
      '',
      '',
    ],
    [
      'Stored = acknowledged (rows, objects)',
      `${n(ic.afterglow?.rows)} rows, ${n(ic.afterglow?.objects)} objects of ${n((ic.afterglow?.acknowledged ?? 0) + (ic.afterglow?.warmUp?.acknowledged ?? 0))} acknowledged (warm-up included)`,
      '',
      '',
      'equal',
      verdict(ic.afterglow?.allAcknowledgedStored ?? null),
    ],
    ...burst(ib.byPlan?.pro ?? ib, 'Event Pro'),
    ...burst(ib.byPlan?.max ?? {}, 'Event Max (AI filter on)'),
    [
      'Developing: ack → thumbnail shown to the host, photo still developing (p50/p95/p99)',
      `${n(d.ackToThumbnailMs?.p50)}/${n(d.ackToThumbnailMs?.p95)}/${n(d.ackToThumbnailMs?.p99)} ms, ${n(d.thumbnailFirst)} of ${n(d.photos)} photos before developed`,
      '',
      '',
      '',
      '',
    ],
    [
      'Developing: ack → both renditions (p50/p95/p99)',
      `${n(d.ackToRenditionsMs?.p50)}/${n(d.ackToRenditionsMs?.p95)}/${n(d.ackToRenditionsMs?.p99)} ms`,
      '',
      '',
      '',
      '',
    ],
    [
      'Developing (film look): renditions per second',
      n(d.renditionsPerSecond, '/s'),
      n(d.bare?.renditionsPerSecond, '/s'),
      `ratio ${n(d.ratioRate)}`,
      '≥ 0.9',
      verdict(cmp(d.ratioRate, (x) => x >= 0.9)),
    ],
    [
      `Developing: drain ${n(d.photos)} uploads`,
      n(d.drainSeconds, ' s'),
      n(d.bare?.drainSeconds, ' s'),
      `ratio ${n(d.ratioDrain)}`,
      '≤ 1.25',
      verdict(cmp(d.ratioDrain, (x) => x <= 1.25)),
    ],
    [
      'Developing one photo: classic film look against plain (CPU p50 each, same process)',
      `film ${n(fd.filmMs?.p50, ' ms')}, plain ${n(fd.plainMs?.p50, ' ms')}; ${Object.entries(fd.film ?? {})
        .map(([k, v]) => `${k} ×${n((v as R).cpuRatio)}`)
        .join(', ')}`,
      '',
      `ratio ${n(fd.ratio)}`,
      '≤ 1.5',
      verdict(cmp(fd.ratio, (x) => x <= 1.5)),
    ],
    ...(ds.ingest || ds.developing
      ? [
          [
            `Distributed (PostgreSQL, NATS, ${n(ds.photosReplicas)} photos replicas): ingest capacity`,
            `${n(ds.ingest?.storedPerSecond)}/s stored, ${n(ds.ingest?.errors)} errors, ${n(ds.ingest?.rows)} rows of ${n(ds.ingest?.acknowledged)}`,
            `${n(ic.bare?.perSecond)}/s`,
            `ratio ${n(ds.ingest?.ratio)}`,
            'stored = acknowledged',
            verdict(ds.ingest?.allAcknowledgedStored ?? null),
          ],
          [
            'Distributed: developing, renditions per second; drain; ack → renditions p95',
            `${n(ds.developing?.renditionsPerSecond, '/s')}; ${n(ds.developing?.drainSeconds, ' s')} for ${n(ds.developing?.photos)}; ${n(ds.developing?.ackToRenditionsMs?.p95, ' ms')}${ds.developing?.uploadFailures ? `; uploads refused: ${JSON.stringify(ds.developing.uploadFailuresByStatus ?? ds.developing.uploadFailures)}` : ''}`,
            n(d.bare?.renditionsPerSecond, '/s'),
            '',
            '',
            '',
          ],
        ]
      : []),
    [
      `Clips: ${n(c.clips)} of ${n(c.clipSeconds, ' s')} developed, one at a time (film look)`,
      n(c.perMinute, '/min'),
      n(c.bare?.perMinute, '/min'),
      `ratio ${n(c.ratio)}`,
      '≥ 0.9',
      verdict(cmp(c.ratio, (x) => x >= 0.9)),
    ],
    [
      'Photos while clips transcode: ack → renditions p95',
      `${n(c.photosWhileClips?.latencyMs?.p95)} ms (alone ${n(c.photosAlone?.latencyMs?.p95)} ms)`,
      '',
      `ratio ${n(c.photoP95Ratio)}`,
      '≤ 1.2',
      verdict(cmp(c.photoP95Ratio, (x) => x <= 1.2)),
    ],
    [
      `Find Me: indexing ${n(fi.photos)} photos, ${n(fi.expectedFaces)} faces, after turning it on`,
      `${n(fi.afterglow?.facesPerSecond)} faces/s, ${n(fi.afterglow?.photosPerSecond)} photos/s`,
      `${n(fi.bare?.facesPerSecond)} faces/s, ${n(fi.bare?.photosPerSecond)} photos/s`,
      `ratio ${n(fi.ratio)}`,
      '≥ 0.8',
      verdict(cmp(fi.ratio, (x) => x >= 0.8)),
    ],
    [
      'Find Me: indexing, first faces to last (without the start)',
      `${n(fi.afterglow?.steadyFacesPerSecond)} faces/s; first faces after ${n(fi.afterglow?.firstFacesAfterSeconds, ' s')}`,
      `${n(fi.bare?.facesPerSecond)} faces/s`,
      `ratio ${n(fi.ratioSteady)}`,
      '',
      '',
    ],
    [
      'Find Me: an admin list request while indexing (p50/p95/max)',
      `${n(fi.afterglow?.pollMs?.p50)}/${n(fi.afterglow?.pollMs?.p95)}/${n(fi.afterglow?.pollMs?.max)} ms (idle ${n(fi.afterglow?.idlePollMs?.p50)}/${n(fi.afterglow?.idlePollMs?.p95)} ms)`,
      '',
      '',
      '',
      '',
    ],
    [
      `Find Me: search among ${n(fs.faces)} faces in ${n(fs.photos)} photos${fs.quickScale ? ' (quick scale)' : ''}: match p50/p95`,
      `${n(fs.matchMs?.p50)}/${n(fs.matchMs?.p95)} ms; describe p50 ${n(fs.describeMs?.p50, ' ms')}; request p95 ${n(fs.requestMs?.p95, ' ms')}; planted ${n(fs.plantedFound)} of ${n(fs.planted)} found`,
      '',
      '',
      'aim p95 < 150 ms, all planted found',
      verdict(cmp(fs.matchMs?.p95, (x) => x < 150) && cmp(fs.plantedFound, (x) => x === fs.planted)),
    ],
    [
      `Find Me: precision / recall at ${n(fm.threshold)} (${n(fl.queries)} labelled queries, ${n(fl.detected)} with a face)`,
      `${n(fl.atThreshold?.precision)} / ${n(fl.atThreshold?.recall)} (recall of detected ${n(fl.atThreshold?.recallOfDetected)})`,
      '',
      '',
      '',
      '',
    ],
    [
      `Find Me: precision / recall at ${(fl.sweep ?? []).map((x: R) => x.threshold).join(', ') || '—'}`,
      (fl.sweep ?? []).map((x: R) => `${n(x.precision)}/${n(x.recall)}`).join(', ') || '—',
      '',
      '',
      '',
      '',
    ],
    [
      `Live display: approval → every one of ${n(l.screens)} screens (p50/p99)`,
      `${n(l.untilEveryScreenMs?.p50)}/${n(l.untilEveryScreenMs?.p99)} ms`,
      '',
      '',
      'p99 < 100 ms',
      verdict(cmp(l.untilEveryScreenMs?.p99, (x) => x < 100)),
    ],
    [
      `Gallery, ${n(g.photos)} photos, guest page (p50/p95)`,
      `${n(g.guest?.latencyMs?.p50)}/${n(g.guest?.latencyMs?.p95)} ms, ${kb(g.guest?.bytesPerResponse?.p50)}/page`,
      '',
      '',
      'p95 < 50 ms',
      verdict(cmp(g.guest?.latencyMs?.p95, (x) => x < 50)),
    ],
    [
      'Gallery, host page (p50/p95)',
      `${n(g.host?.latencyMs?.p50)}/${n(g.host?.latencyMs?.p95)} ms, ${kb(g.host?.bytesPerResponse?.p50)}/page`,
      '',
      '',
      'p95 < 50 ms',
      verdict(cmp(g.host?.latencyMs?.p95, (x) => x < 50)),
    ],
    [
      'AI safety filter, per display rendition (p50/p95)',
      `${n(ai.perPhotoMs?.p50)}/${n(ai.perPhotoMs?.p95)} ms (model load ${n(ai.modelLoadMs, ' ms')})`,
      '',
      '',
      '≈ 220 ms',
      verdict(cmp(ai.perPhotoMs?.p50, (x) => x <= 220)),
    ],
    ...(['users', 'events', 'photos'] as const).map((list) => [
      `Admin ${list} page, ${n(a.platform?.photos)} photos / ${n(a.platform?.users)} users (p50/p95)`,
      `${n(al[list]?.p50)}/${n(al[list]?.p95)} ms`,
      '',
      '',
      'p95 < 100 ms',
      verdict(cmp(al[list]?.p95, (x) => x < 100)),
    ]),
    [
      'Admin stat cards (p50/p95)',
      `${n(al.stats?.p50)}/${n(al.stats?.p95)} ms`,
      '',
      '',
      'p95 < 200 ms',
      verdict(cmp(al.stats?.p95, (x) => x < 200)),
    ],
    [
      "Guest JS, /join/{code} (gzip; the camera's fetched ahead once the event is shown, apart)",
      `${kb(f.js?.guestJoin?.gzipBytes)}${f.js?.guestJoin?.aheadGzipBytes ? ` (+ ${kb(f.js.guestJoin.aheadGzipBytes)} ahead)` : ''}`,
      '',
      '',
      '≤ 135 KB',
      verdict(cmp(f.js?.guestJoin?.gzipBytes, (x) => x <= 135 * 1024)),
    ],
    [
      'Guest JS, /camera/{code} (gzip)',
      kb(f.js?.guestCamera?.gzipBytes),
      '',
      '',
      '≤ 135 KB',
      verdict(cmp(f.js?.guestCamera?.gzipBytes, (x) => x <= 135 * 1024)),
    ],
    [
      'Join link → usable viewfinder, throttled phone (1.6 Mbit/s, 150 ms RTT, 4× CPU), cold cache (median)',
      `${n(vf.medianMs, ' ms')}${Array.isArray(vf.runs) ? ` (runs ${vf.runs.map((x: R) => n(x.viewfinderMs)).join(', ')})` : ''}`,
      '',
      '',
      '≤ 2000 ms',
      verdict(cmp(vf.medianMs, (x) => x <= 2000)),
    ],
    ...(['join', 'camera'] as const).map((p) => {
      const l = f.languages?.[p];
      return [
        `Guest JS /${p}/{code}, languages: before → English → German (gzip)`,
        l ? `${kb(l.before)} → ${kb(l.english)} → ${kb(l.german)}` : '',
        '',
        '',
        'English growth ≤ 5 KB',
        verdict(cmp(l?.growthEnglish, (x) => x <= 5 * 1024)),
      ];
    }),
    ['Host dashboard JS (gzip)', kb(f.js?.hostDashboard?.gzipBytes), '', '', '', ''],
    ...(['home', 'join', 'camera'] as const).map((p) => [
      `Lighthouse mobile ${p === 'home' ? '/' : `/${p}/{code}`} (perf/a11y/best)`,
      `${n(lh[p]?.performance)}/${n(lh[p]?.accessibility)}/${n(lh[p]?.bestPractices)}` +
        (lh[p]?.runs > 1
          ? ` (median of ${lh[p].runs}; perf ${Math.min(...lh[p].performanceRuns)}–${Math.max(...lh[p].performanceRuns)})`
          : ''),
      '',
      '',
      p === 'home' ? '' : 'perf ≥ 90, a11y ≥ 95',
      p === 'home'
        ? ''
        : verdict(cmp(lh[p]?.performance, (x) => x >= 90) && cmp(lh[p]?.accessibility, (x) => x >= 95)),
    ]),
  ];
  return rows;
}

/** The figures (of those measured) that miss their aim: `bench --check` fails on any. */
export function shortOfAim(r: R): string[] {
  return figureRows(r)
    .filter((row) => row[5] === 'short')
    .map((row) => `${row[0]}: ${row[1]} (aim ${row[4]})`);
}

/** The short table: each figure, the bare limit beside it where there is one, and the product's aim. */
export function renderMarkdown(r: R): string {
  const rows = figureRows(r);
  const head = ['Figure', 'Afterglow', 'Bare limit', 'Ratio', 'Aim', ''];
  const line = (c: string[]) => `| ${c.join(' | ')} |`;
  return [
    `## Afterglow benchmarks (${r.mode}, ${r.profile}) — ${r.when}`,
    '',
    `${r.machine?.cores} cores (${r.machine?.cpu}), ${r.machine?.memGiB} GiB, Node ${r.machine?.node}; photos 1920x1080 q80, ${kb(r.config?.photoBytesAvg)} on average.`,
    '',
    line(head),
    line(head.map(() => '---')),
    ...rows.map(line),
    '',
  ].join('\n');
}
