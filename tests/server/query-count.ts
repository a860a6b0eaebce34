// Counts the statements an action sends to the database, at the driver (PGlite's or pg's query
// method), whatever builds them: a builder, a prepared statement or raw SQL.
import { vi } from 'vitest';
import type { App } from '../../src/server/context.ts';

/** Every statement `action` sends, as its SQL text, in the order sent. */
export async function statementsDuring(app: App, action: () => Promise<unknown>): Promise<string[]> {
  await app.ctx.jobs.idle();
  const client = (app.ctx.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = vi.spyOn(client, 'query');
  try {
    await action();
    return query.mock.calls.map(([statement]) => (typeof statement === 'string' ? statement : (statement as { text: string }).text));
  } finally {
    query.mockRestore();
  }
}

/**
 * The reads (SELECT statements) `action` sends; writes queued for later (the request log) aside,
 * and so is the session gate's check: it is remembered for 5 s per session, so whether it runs
 * depends on the clock (a busy machine), not on the route.
 */
export async function readsDuring(app: App, action: () => Promise<unknown>): Promise<string[]> {
  return (await statementsDuring(app, action)).filter((statement) => /^\s*select/i.test(statement) && !/\bfrom "sessions"/i.test(statement));
}
