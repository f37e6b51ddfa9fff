import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedPGlite } from '../../functions/ports/pglite-prepared';

// drizzle's PGlite driver reads dates as the database's text (drizzle-orm/pglite/session.js).
const drizzleOptions = {
  rowMode: 'array' as const,
  parsers: { [types.TIMESTAMPTZ]: (value: string) => value, [types.TIMESTAMP]: (value: string) => value },
};

describe('PGlite with kept statements (the embedded database)', () => {
  let plain: PGlite;
  let prepared: PreparedPGlite;
  const schema = `create table t (id serial primary key, name text, at timestamptz, data jsonb,
    tags text[], amount bigint, price numeric, ok boolean, ref uuid)`;

  // Two WebAssembly Postgres instances start here: seconds each on a busy 2-core machine.
  beforeAll(async () => {
    plain = new PGlite();
    prepared = new PreparedPGlite();
    await plain.exec(schema);
    await prepared.exec(schema);
  }, 60_000);
  afterAll(async () => {
    await plain.close();
    await prepared.close();
  });

  it('writes and reads every kind of value as PGlite does, the first time and when kept', async () => {
    const insert = `insert into t (name, at, data, tags, amount, price, ok, ref)
      values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`;
    const values = [
      'Анна "А"',
      new Date('2026-11-27T09:00:00.123Z'),
      { nested: [1, 'два'] },
      ['a', 'b,c', 'd"e', null],
      9007199254740993n,
      '12.50',
      true,
      '6f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    ];
    for (let round = 0; round < 3; round++) {
      const mine = await prepared.query(insert, values);
      const theirs = await plain.query(insert, values);
      expect(mine.rows).toEqual(theirs.rows);
      expect(mine.fields).toEqual(theirs.fields);
      expect(mine.affectedRows).toBe(1);
    }
    const read = 'select id, name, at, data, tags from t where ok = $1 and name = $2 order by id';
    const mine = await prepared.query(read, [true, 'Анна "А"'], drizzleOptions);
    expect(mine.rows).toEqual((await plain.query(read, [true, 'Анна "А"'], drizzleOptions)).rows);
    expect(mine.rows).toHaveLength(3);
    expect(mine.rows[0]).toEqual([
      1,
      'Анна "А"',
      '2026-11-27 09:00:00.123+00',
      { nested: [1, 'два'] },
      ['a', 'b,c', 'd"e', null],
    ]);
    const nulls = await prepared.query<{ name: string | null }>('select $1::text as name', [null]);
    expect(nulls.rows).toEqual([{ name: null }]);
  });

  it('counts the rows an update or a delete touched', async () => {
    await prepared.query('insert into t (name) values ($1), ($1)', ['count']);
    expect((await prepared.query('update t set ok = false where name = $1', ['count'])).affectedRows).toBe(2);
    expect((await prepared.query('delete from t where name = $1', ['count'])).affectedRows).toBe(2);
    expect((await prepared.query('delete from t where name = $1', ['count'])).affectedRows).toBe(0);
  });

  it("fails with Postgres's error and the statement, then runs it again with good values", async () => {
    const text = 'select name from t where ref = $1';
    const failure = await prepared.query(text, ['not-a-uuid']).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '22P02', query: text, params: ['not-a-uuid'] });
    const syntax = await prepared.query('selec 1').catch((error: unknown) => error);
    expect(syntax).toMatchObject({ code: '42601' });
    const found = await prepared.query(text, ['6f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d']);
    expect(found.rows).toHaveLength(3);
  });

  it('keeps answering a kept statement after a migration changed its columns', async () => {
    await prepared.exec('create table m (id int)');
    await prepared.query('insert into m values ($1)', [1]);
    expect((await prepared.query('select * from m')).rows).toEqual([{ id: 1 }]);
    await prepared.exec('alter table m add column label text');
    expect((await prepared.query('select * from m')).rows).toEqual([{ id: 1, label: null }]);
  });

  it('keeps at most a bounded number of statements and still runs the ones it let go', async () => {
    for (let i = 0; i < 300; i++) await prepared.query(`select $1::int + ${i} as n`, [1]);
    const kept = await prepared.query<{ count: number }>(
      'select count(*)::int as count from pg_prepared_statements',
    );
    expect(kept.rows[0]?.count).toBeLessThanOrEqual(256);
    expect((await prepared.query('select $1::int + 0 as n', [1])).rows).toEqual([{ n: 1 }]);
  });

  it('runs statements one at a time beside transactions', async () => {
    const inserts = Array.from({ length: 20 }, (_, i) =>
      prepared.query('insert into t (name) values ($1)', [`parallel ${i}`]),
    );
    const transaction = prepared.transaction(async (tx) => {
      await tx.query('insert into t (name) values ($1)', ['in transaction']);
      await tx.rollback();
    });
    await Promise.all([...inserts, transaction]);
    const rows = await prepared.query<{ count: number }>(
      "select count(*)::int as count from t where name like 'parallel %' or name = 'in transaction'",
    );
    expect(rows.rows[0]?.count).toBe(20);
  });
});
