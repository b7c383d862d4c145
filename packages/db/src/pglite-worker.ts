import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { commitGroup, type BatchItem } from './batch';
import type { PgliteRequest, PgliteAnswer } from './pglite-remote';

/**
 * PGlite's thread (ADR 038): the embedded profile's database runs here, beside the process's event
 * loop, so its work (Postgres compiled to WebAssembly, and the wire protocol around it) uses a core of
 * its own while the event loop takes uploads. Requests run concurrently; PGlite's own locks order them
 * exactly as they would in one thread (a query waits for an open transaction). The built server runs
 * it from `pglite-worker.mjs` beside the bundle; tests and tsx from this file.
 */
const port = parentPort;
if (port) {
  const { dir } = workerData as { dir: string | null };
  const pg = dir ? new PGlite(dir) : new PGlite();
  const txs = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
  let nextTx = 1;
  const identity = (v: unknown) => v;

  /** Errors cross the thread as plain objects: the message and what Postgres said (code, detail…). */
  const plain = (err: unknown) => {
    if (!(err instanceof Error)) return { message: String(err) };
    const e = err as Error & Record<string, unknown>;
    const out: Record<string, unknown> = { message: e.message, name: e.name };
    for (const k of ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity'])
      if (e[k] !== undefined) out[k] = e[k];
    return out;
  };

  const handle = async (m: PgliteRequest): Promise<unknown> => {
    switch (m.op) {
      case 'query': {
        const on = m.tx ? txs.get(m.tx)?.tx : pg;
        if (!on) throw new Error('the transaction has ended');
        const parsers = Object.fromEntries((m.identity ?? []).map((oid) => [oid, identity]));
        const r = await on.query(m.sql, m.params, { rowMode: m.rowMode ?? 'object', parsers });
        return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
      }
      case 'exec': {
        const on = m.tx ? txs.get(m.tx)?.tx : pg;
        if (!on) throw new Error('the transaction has ended');
        return (await on.exec(m.sql)).map((r) => ({
          rows: r.rows,
          fields: r.fields,
          affectedRows: r.affectedRows,
        }));
      }
      case 'begin': {
        const id = nextTx++;
        return new Promise((begun, failed) => {
          const done = pg.transaction(async (tx) => {
            const commit = await new Promise<boolean>((end) => {
              txs.set(id, { tx, end });
              begun(id);
            });
            if (!commit) await tx.rollback();
          });
          // the answer to 'end' (below) waits for this; a transaction that never began fails 'begin'
          ends.set(id, done);
          done.catch(failed).finally(() => txs.delete(id));
        });
      }
      case 'end': {
        const t = txs.get(m.tx);
        const done = ends.get(m.tx);
        ends.delete(m.tx);
        t?.end(m.commit);
        await done;
        return null;
      }
      case 'group': {
        const items: BatchItem[] = m.items;
        const outcomes = await commitGroup(
          (work) =>
            pg.transaction(async (tx) => {
              const out = await work((sql, params) => tx.query<Record<string, unknown>>(sql, params));
              if (!out) await tx.rollback();
              return out;
            }),
          items,
        );
        return outcomes.map((o) => ('error' in o ? { error: plain(o.error) } : o));
      }
      case 'close':
        await pg.close();
        return null;
    }
  };
  const ends = new Map<number, Promise<void>>();

  pg.waitReady.then(
    () => port.postMessage({ ready: true }),
    (err: unknown) => port.postMessage({ ready: false, error: plain(err) }),
  );
  // answers finished in one turn of this thread's loop go back in one message
  let answers: PgliteAnswer[] = [];
  const answer = (a: PgliteAnswer) => {
    if (answers.push(a) === 1)
      setImmediate(() => {
        const batch = answers;
        answers = [];
        port.postMessage(batch);
      });
  };
  port.on('message', (batch: PgliteRequest[]) => {
    for (const m of batch)
      handle(m).then(
        (value) => answer({ id: m.id, value }),
        (err: unknown) => answer({ id: m.id, error: plain(err) }),
      );
  });
}
