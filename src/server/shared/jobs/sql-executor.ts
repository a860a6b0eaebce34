// Plain SQL for pg-boss (its `db` option) over either database the app opens.
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** pg-boss sends some commands as one text of several statements wrapped in BEGIN … COMMIT. */
const opensTransaction = (text: string) => /\bBEGIN\s*;/i.test(text);

/**
 * PGlite: `query` takes one statement with parameters, `exec` several without (pg-boss's schema
 * and its locked commands), answering the last statement's rows. A text that failed inside its own
 * BEGIN leaves the single connection in an aborted transaction: it is rolled back. The methods are
 * bound now, so a spy a test puts on the client (query-count.ts) counts the routes' statements only.
 */
export function pgliteExecutor(client: PGlite): SqlExecutor {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  return {
    async executeSql(text, values) {
      if (values?.length) return query(text, values);
      try {
        const results = await exec(text);
        return results[results.length - 1] ?? { rows: [] };
      } catch (error) {
        if (opensTransaction(text)) await exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
}

/**
 * A PostgreSQL pool: one client per text; a text with its own BEGIN that failed is rolled back on
 * that client before it returns to the pool the routes share.
 */
export function poolExecutor(pool: pg.Pool): SqlExecutor {
  const query = pool.query.bind(pool) as (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  return {
    async executeSql(text, values) {
      if (values?.length || !opensTransaction(text)) return query(text, values);
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        return await client.query(text);
      } catch (error) {
        // A client that cannot roll back (its connection dropped) is discarded, not pooled.
        broken = await client.query('ROLLBACK').then(
          () => undefined,
          (rollback: Error) => rollback,
        );
        throw error;
      } finally {
        client.release(broken);
      }
    },
  };
}
