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

  const url = process.env.TEST_DATABASE_URL;
  describe.each([
    { name: 'PGlite', open: () => openDatabase({ url: 'pglite:memory', dataDir: tmpdir() }), table: 'g' },
    ...(url
      ? [{ name: 'PostgreSQL', open: () => openDatabase({ url, dataDir: tmpdir() }), table: 'batch_test_g' }]
      : []),
  ])('on $name', ({ open, table }) => {
    let database: Database;
    const g = sql.identifier(table);
    const rowsOf = async () =>
      ((await database.db.execute(sql`select id, v from ${g} order by id`)) as unknown as { rows: unknown[] })
        .rows;
    beforeAll(async () => {
      database = await open();
      await database.db.execute(sql`drop table if exists ${g}`);
      await database.db.execute(sql`create table ${g} (id int primary key, v text)`);
    });
    afterAll(async () => {
      await database.db.execute(sql`drop table if exists ${g}`);
      await database.close();
    });

    it('keeps each statement apart: one that fails or rolls itself back leaves the others', async () => {
      const results = await Promise.allSettled([
        database.grouped(sql`insert into ${g} values (1, 'one') returning id`),
        database.grouped(sql`insert into ${g} values (1, 'again') returning id`),
        database.grouped(
          sql`with i as (insert into ${g} values (2, 'two') returning id) select id, true as rollback from i`,
        ),
        database.grouped(sql`insert into ${g} values (3, 'three') returning id`),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
      expect(await rowsOf()).toEqual([
        { id: 1, v: 'one' },
        { id: 3, v: 'three' },
      ]);
    });

    it('commits a group whose statements all succeed, and one alone that rolls itself back leaves nothing', async () => {
      const answers = await Promise.all([
        database.grouped(sql`insert into ${g} values (4, 'four') returning id`),
        database.grouped(sql`insert into ${g} values (5, 'five') returning id`),
      ]);
      expect(answers).toEqual([[{ id: 4 }], [{ id: 5 }]]);
      await expect(
        database.grouped(
          sql`with i as (insert into ${g} values (6, 'six') returning id) select id, true as rollback from i`,
        ),
      ).resolves.toEqual([{ id: 6, rollback: true }]);
      await expect(
        database.grouped(sql`insert into ${g} values (4, 'again') returning id`),
      ).rejects.toMatchObject({
        code: '23505',
      });
      expect(await rowsOf()).toEqual([
        { id: 1, v: 'one' },
        { id: 3, v: 'three' },
        { id: 4, v: 'four' },
        { id: 5, v: 'five' },
      ]);
    });
  });
});
