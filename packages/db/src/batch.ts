/**
 * Group commit (ADR 038): statements that arrive together are run in one transaction; when one fails
 * or rolls itself back, the transaction is rolled back and the group runs again with each statement
 * behind a savepoint of its own, so that one leaves the others as they were; none is answered before
 * the transaction has committed. The same runner serves PGlite's thread and a
 * PostgreSQL connection.
 */

/** One statement of a group, as text and parameters. */
export interface BatchItem {
  sql: string;
  params: unknown[];
}

/**
 * What a statement of the group came to: its rows, or the error it failed with (rolled back to its
 * savepoint). A statement rolls itself back by answering `rollback = true` in its first row (its rows
 * are still answered, to say why).
 */
export type BatchOutcome = { rows: Record<string, unknown>[] } | { error: unknown };

/** A deadlock's victim or a serialization failure: nothing of the statement was kept, it may go again. */
const isLockConflict = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
};

type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * The group's first try (`commitGroup`; `query` is its transaction's connection): every statement as
 * it is, without savepoints, two round trips a statement fewer. Its outcomes when each statement ran
 * and none asked to roll back; null as soon as one failed or asked. A failure is the exception (a
 * retried upload, a full roll or event), so the group almost always commits from here.
 */
async function runGroupAtOnce(query: Query, items: readonly BatchItem[]): Promise<BatchOutcome[] | null> {
  const out: BatchOutcome[] = [];
  for (const item of items) {
    let rows: Record<string, unknown>[];
    try {
      ({ rows } = await query(item.sql, item.params));
    } catch {
      return null;
    }
    if (rows[0]?.rollback === true) return null;
    out.push({ rows });
  }
  return out;
}

/** The group again, each statement behind a savepoint of its own (`commitGroup`, after a first try failed). */
async function runGroup(query: Query, items: readonly BatchItem[]): Promise<BatchOutcome[]> {
  const out: BatchOutcome[] = [];
  for (const item of items) {
    await query('savepoint afterglow_group');
    try {
      const { rows } = await query(item.sql, item.params);
      await query(
        rows[0]?.rollback === true
          ? 'rollback to savepoint afterglow_group'
          : 'release savepoint afterglow_group',
      );
      out.push({ rows });
    } catch (error) {
      await query('rollback to savepoint afterglow_group');
      out.push({ error });
    }
  }
  return out;
}

/**
 * Commits a group: at once (`runGroupAtOnce`), or, when a statement failed or asked to roll back,
 * again behind savepoints (`runGroup`). `transaction` runs its work in a transaction of its own and
 * commits it, or rolls it back when the work answers null (PGlite's thread and a PostgreSQL
 * connection each open theirs their way).
 */
export async function commitGroup(
  transaction: <T extends BatchOutcome[] | null>(work: (query: Query) => Promise<T>) => Promise<T>,
  items: readonly BatchItem[],
): Promise<BatchOutcome[]> {
  return (
    (await transaction((query) => runGroupAtOnce(query, items))) ??
    (await transaction((query) => runGroup(query, items)))
  );
}

/**
 * Collects statements and runs them in groups: the first runs at once (in the next turn of the event
 * loop, with whatever arrived in this one), and those that arrive while a group runs go together in
 * the next. So a quiet server answers each statement as fast as before, and a busy one commits once
 * for many. `run` commits a group (every statement's outcome, or a rejection when the transaction
 * itself failed: each statement of the group then rejects with it).
 */
export class GroupCommit {
  private queue: {
    item: BatchItem;
    key: string;
    retried: boolean;
    resolve: (rows: Record<string, unknown>[]) => void;
    reject: (e: unknown) => void;
  }[] = [];
  private running = false;

  constructor(
    private readonly run: (items: BatchItem[]) => Promise<BatchOutcome[]>,
    private readonly maxGroup = 64,
  ) {}

  /**
   * The statement's rows once its group has committed; rejects with its own error, or the group's.
   * `key` orders a group's statements (what they lock: an upload's event and device), so two groups
   * committing at once on two replicas take their locks in the same order and never deadlock; a
   * statement chosen as a deadlock's victim all the same goes again in the next group, once.
   */
  submit(item: BatchItem, key = ''): Promise<Record<string, unknown>[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, key, retried: false, resolve, reject });
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length) {
      const group = this.queue
        .splice(0, this.maxGroup)
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      try {
        const outcomes = await this.run(group.map((g) => g.item));
        group.forEach((g, i) => {
          const o = outcomes[i]!;
          if ('error' in o && !g.retried && isLockConflict(o.error)) this.queue.push({ ...g, retried: true });
          else if ('error' in o) g.reject(o.error);
          else g.resolve(o.rows);
        });
      } catch (err) {
        for (const g of group) g.reject(err);
      }
    }
    this.running = false;
  }
}
