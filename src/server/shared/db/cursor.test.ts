// Batches through a WITH HOLD cursor (cursor.ts), on PGlite or on PostgreSQL (TEST_DATABASE_URL).
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { cursorBatches, MAX_POOLED_CURSORS } from './cursor.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const numbers = (from: number, to: number) => sql`select g::int as n, (g / 2.0)::float8 as half, now() as at from generate_series(${from}::int, ${to}::int) g order by g`;

/** Cursors left open in PGlite's one session; on PostgreSQL, pooled connections still checked out. */
async function leftOpen(): Promise<number> {
  const client = (t.app.ctx.db as unknown as { $client: unknown }).$client;
  if (t.database.kind === 'postgres') {
    const pool = client as pg.Pool;
    return pool.totalCount - pool.idleCount;
  }
  const { rows } = await (client as { query: (text: string) => Promise<{ rows: unknown[] }> }).query("select name from pg_cursors where starts_with(name, 'export_')");
  return rows.length;
}

describe('cursorBatches', () => {
  it('reads every row in order, a batch at a time, with numbers and times parsed', async () => {
    const sizes: number[] = [];
    const seen: number[] = [];
    for await (const batch of cursorBatches<{ n: number; half: number; at: Date }>(t.app.ctx.db, numbers(1, 2500), 1000)) {
      sizes.push(batch.length);
      for (const row of batch) seen.push(row.n);
      expect(batch[0]).toMatchObject({ n: expect.any(Number), half: batch[0]!.n / 2, at: expect.any(Date) });
    }
    expect(sizes).toEqual([1000, 1000, 500]);
    expect(seen).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1));
    expect(await leftOpen()).toBe(0);
  });

  it('ends without a batch when nothing matches, and after a last full batch', async () => {
    const batches = async (to: number) => {
      const sizes: number[] = [];
      for await (const batch of cursorBatches(t.app.ctx.db, numbers(1, to), 100)) sizes.push(batch.length);
      return sizes;
    };
    expect(await batches(0)).toEqual([]);
    expect(await batches(200)).toEqual([100, 100]);
  });

  it('frees the cursor when the reader stops early', async () => {
    for await (const batch of cursorBatches<{ n: number }>(t.app.ctx.db, numbers(1, 5000), 100)) {
      expect(batch[0]!.n).toBe(1);
      break;
    }
    expect(await leftOpen()).toBe(0);
    // Other statements run between batches (no transaction is held open).
    const reader = cursorBatches<{ n: number }>(t.app.ctx.db, numbers(1, 300), 100);
    expect((await reader.next()).value).toHaveLength(100);
    expect(await leftOpen()).toBe(1);
    expect(await t.app.ctx.db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] });
    expect((await reader.next()).value).toHaveLength(100);
    await reader.return();
    expect(await leftOpen()).toBe(0);
  });

  it('rejects with the statement’s error and leaves nothing open', async () => {
    const failing = sql`select 1 / (g - 3) as n from generate_series(1, 5) g`;
    await expect(async () => {
      for await (const batch of cursorBatches(t.app.ctx.db, failing, 2)) expect(batch).toBeDefined();
    }).rejects.toThrow(/division by zero/);
    expect(await leftOpen()).toBe(0);
  });

  it('keeps at most a few pooled connections for cursors at once; other readers wait for a turn (PostgreSQL)', async (context) => {
    if (t.database.kind !== 'postgres') context.skip();
    const readers = Array.from({ length: MAX_POOLED_CURSORS + 1 }, () => cursorBatches<{ n: number }>(t.app.ctx.db, numbers(1, 300), 100));
    const firsts = readers.map((reader) => reader.next());
    await Promise.all(firsts.slice(0, MAX_POOLED_CURSORS));
    let lastStarted = false;
    void firsts[MAX_POOLED_CURSORS]!.then(() => (lastStarted = true));
    // Other statements still get a connection meanwhile, and the last reader is still waiting.
    expect(await t.app.ctx.db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] });
    expect(lastStarted).toBe(false);
    expect(await leftOpen()).toBe(MAX_POOLED_CURSORS);
    await readers[0]!.return();
    expect((await firsts[MAX_POOLED_CURSORS]!).value).toHaveLength(100);
    for (const reader of readers) await reader.return();
    expect(await leftOpen()).toBe(0);
  });
});
