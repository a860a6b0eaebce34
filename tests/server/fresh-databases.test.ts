// Every test app starts as on a new database, also when it reuses one a closed app left behind
// (tests/server/database-pool.ts), on PGlite and on PostgreSQL.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerOwner } from './fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const count = async (t: TestApp, table: string) =>
  Number(((await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n);

describe('a test app', () => {
  // Starts several fresh apps (all migrations, reference data): slow on a busy 2-core machine.
  it('gets no rows of an app before it, ids from 1 and the reference data', { timeout: 120_000 }, async () => {
    const first = await createTestApp();
    await registerOwner(first.app);
    await registerOwner(first.app);
    await first.close();

    const next = await createTestApp();
    try {
      expect(await count(next, 'users')).toBe(0);
      expect(await count(next, 'schools')).toBe(0);
      expect(await count(next, 'tariffs')).toBe(4);
      const owner = await registerOwner(next.app);
      expect(owner.id).toBe(1);
      expect(owner.schoolId).toBe(1);
    } finally {
      await next.close();
    }
  });

  // Starts several fresh apps (all migrations, reference data): slow on a busy 2-core machine.
  it('gets the schema of the migrations, whatever an app before it changed', { timeout: 120_000 }, async () => {
    const first = await createTestApp();
    await first.database.db.execute(sql`alter table users add column leftover text`);
    await first.close();

    const next = await createTestApp();
    try {
      const columns = (await next.database.db.execute(sql`select column_name from information_schema.columns where table_name = 'users' and column_name = 'leftover'`)) as unknown as { rows: unknown[] };
      expect(columns.rows).toEqual([]);
    } finally {
      await next.close();
    }
  });
});
