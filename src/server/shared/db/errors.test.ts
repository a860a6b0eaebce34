import { sql } from 'drizzle-orm';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { isDatabaseDiskFull, isDatabaseUnavailable, isDataError, isUniqueViolation } from './errors.ts';

/** Drizzle's wrapper of a failed query: the SQL and its parameters in the message, the driver error as the cause. */
const failedQuery = (cause: unknown, params = 'a@example.com') => new Error(`Failed query: select 1\nparams: ${params}`, { cause });
const pgError = (code: string, message = 'x', extra: object = {}) => Object.assign(new Error(message), { code, ...extra });

/** A loopback port nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('database error classes', () => {
  it('a unique violation, of any or of one index', () => {
    const error = failedQuery(pgError('23505', 'duplicate key', { constraint: 'users_email_unique' }));
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'users_email_unique')).toBe(true);
    expect(isUniqueViolation(error, 'other')).toBe(false);
    expect(isUniqueViolation(new Error('plain'))).toBe(false);
  });

  it('an unreachable database: terminated backends, connection classes, socket errors, the driver’s own messages', () => {
    for (const error of [
      failedQuery(pgError('57P01', 'terminating connection due to administrator command')),
      pgError('57P02'),
      pgError('57P03'),
      failedQuery(pgError('08006')),
      pgError('08001'),
      pgError('ECONNREFUSED'),
      failedQuery(pgError('ECONNRESET')),
      pgError('ETIMEDOUT'),
      failedQuery(new Error('Connection terminated unexpectedly')),
      new Error('Connection terminated'),
      new Error('timeout exceeded when trying to connect'),
      failedQuery(new Error('Client has encountered a connection error and is not queryable')),
    ]) {
      expect(isDatabaseUnavailable(error), String((error.cause as Error | undefined)?.message ?? error.message)).toBe(true);
    }
  });

  it('not an unreachable database: other failures, or words a client put into the parameters', () => {
    expect(isDatabaseUnavailable(failedQuery(pgError('23505')))).toBe(false);
    expect(isDatabaseUnavailable(failedQuery(pgError('23505'), 'Connection terminated,connection timeout'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    // A cause that points at itself ends the walk.
    const loop = new Error('loop');
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });

  it('a value PostgreSQL refuses: any SQLSTATE of class 22, and a NUL byte by its message', () => {
    for (const code of ['22001', '22003', '22007', '22008', '22021', '22P02', '22P05', '22023', '2200B']) expect(isDataError(failedQuery(pgError(code))), code).toBe(true);
    expect(isDataError(new Error('invalid byte sequence for encoding "UTF8": 0x00'))).toBe(true);
    expect(isDataError(failedQuery(new Error('unsupported Unicode escape sequence')))).toBe(true);
    expect(isDataError(failedQuery(pgError('23505')))).toBe(false);
    expect(isDataError(failedQuery(pgError('23505'), 'invalid byte sequence for encoding'))).toBe(false);
    expect(isDataError(pgError('2200'))).toBe(false);
    expect(isDataError(pgError('42P01'))).toBe(false);
  });

  it('a full disk: disk_full (53100), and class 53 only when its message says the space is gone', () => {
    expect(isDatabaseDiskFull(failedQuery(pgError('53100', 'could not extend file "base/16384/16385": No space left on device')))).toBe(true);
    expect(isDatabaseDiskFull(pgError('53100'))).toBe(true);
    expect(isDatabaseDiskFull(failedQuery(pgError('53000', 'could not write to file "base/pgsql_tmp/t": No space left on device')))).toBe(true);
    expect(isDatabaseDiskFull(pgError('53000', 'could not write to file "pg_wal/x": Disk quota exceeded'))).toBe(true);
    expect(isDatabaseDiskFull(pgError('53000', 'could not open file: Too many open files'))).toBe(false);
    expect(isDatabaseDiskFull(pgError('53200', 'out of memory'))).toBe(false);
    // Words a client put into the parameters are not the database's.
    expect(isDatabaseDiskFull(failedQuery(pgError('53000', 'x'), 'No space left on device'))).toBe(false);
    expect(isDatabaseDiskFull(failedQuery(pgError('23505'), 'disk full'))).toBe(false);
    expect(isDatabaseDiskFull(new Error('No space left on device'))).toBe(false);
  });

  it('classifies the real errors of PGlite and of a pg pool with no server', async () => {
    const embedded = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      const nul = await embedded.db.execute(sql`select ${'a\u0000b'}::text`).catch((error: unknown) => error);
      expect(isDataError(nul)).toBe(true);
      const range = await embedded.db.execute(sql`select ${'99999999999'}::int`).catch((error: unknown) => error);
      expect(isDataError(range)).toBe(true);
      expect(isDatabaseUnavailable(range)).toBe(false);
      const full = await embedded.db.execute(sql.raw(`do $$ begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$`)).catch((error: unknown) => error);
      expect(isDatabaseDiskFull(full)).toBe(true);
      expect(isDataError(full)).toBe(false);
    } finally {
      await embedded.close();
    }

    const server = await openDatabase({ kind: 'postgres', url: `postgres://nobody@127.0.0.1:${await closedPort()}/nothing` });
    try {
      const refused = await server.db.execute(sql`select 1`).catch((error: unknown) => error);
      expect(isDatabaseUnavailable(refused)).toBe(true);
      expect(isDataError(refused)).toBe(false);
    } finally {
      await server.close();
    }
  });
});
