import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupCommit, type BatchItem, type BatchOutcome } from './batch';
import { openDatabase, type Database } from './index';

describe('group commit', () => {
  it('runs what arrives together as one group, in the order of its keys, and a deadlock victim once more', async () => {
    const groups: string[][] = [];
    let conflicts = 1;
    const g = new GroupCommit(async (items: BatchItem[]): Promise<BatchOutcome[]> => {
      groups.push(items.map((i) => i.sql));
      return items.map((i) =>
        i.sql === 'b' && conflicts-- > 0
          ? { error: Object.assign(new Error('deadlock'), { code: '40P01' }) }
          : { rows: [{ sql: i.sql }] },
      );
    });
    const item = (s: string): BatchItem => ({ sql: s, params: [] });
    const answers = await Promise.all([
      g.submit(item('c'), '3'),
      g.submit(item('a'), '1'),
      g.submit(item('b'), '2'),
    ]);
    expect(answers.map((r) => r[0]!.sql)).toEqual(['c', 'a', 'b']);
    expect(groups).toEqual([['a', 'b', 'c'], ['b']]);
  });

  describe('on PGlite', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase({ url: 'pglite:memory', dataDir: tmpdir() });
      await database.db.execute(sql`create table g (id int primary key, v text)`);
    });
    afterAll(() => database.close());

    it('keeps each statement apart: one that fails or rolls itself back leaves the others', async () => {
      const results = await Promise.allSettled([
        database.grouped(sql`insert into g values (1, 'one') returning id`),
        database.grouped(sql`insert into g values (1, 'again') returning id`),
        database.grouped(
          sql`with i as (insert into g values (2, 'two') returning id) select id, true as rollback from i`,
        ),
        database.grouped(sql`insert into g values (3, 'three') returning id`),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
      const { rows } = (await database.db.execute(sql`select id, v from g order by id`)) as unknown as {
        rows: unknown[];
      };
      expect(rows).toEqual([
        { id: 1, v: 'one' },
        { id: 3, v: 'three' },
      ]);
    });
  });
});
