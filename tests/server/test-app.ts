// Builds the real app for the server suite, each on a migrated database with no rows of its own
// from the worker's pool (tests/server/database-pool.ts): in-memory PGlite by default, PostgreSQL
// when TEST_DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig, type ServerConfig } from '../../src/server/config.ts';
import type { App } from '../../src/server/context.ts';
import type { Database } from '../../src/server/shared/db/database.ts';
import { acquireDatabase } from './database-pool.ts';

export interface TestApp {
  app: App;
  database: Database;
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<ServerConfig> = {}): Promise<TestApp> {
  const database = await acquireDatabase();
  // Rate limits are off unless a test asks for them: suites sign up many users from one address.
  // A developer's machine (demo mode on), with links in mail and answers on a name of their own.
  const loaded = loadConfig({ LOG_LEVEL: 'silent', DEMO: '1', SEED_DEMO: '0', RATE_LIMIT: '0', PUBLIC_CACHE_MS: '0', SECRET: randomBytes(32).toString('hex') }, { staticDir: '/nonexistent' });
  const config: ServerConfig = { ...loaded, publicUrl: 'http://coursehub.test', ...overrides };
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  let app: App;
  try {
    app = await buildApp({ config, database, logger: false, now: () => clock.now });
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    app,
    database,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

// Response bodies are checked by the assertions themselves, so tests read them loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Body = Record<string, any>;

/** inject() with a bearer token and JSON body, from 127.0.0.1 or the given client address. */
export async function call(app: App, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, options: { token?: string; body?: unknown; ip?: string } = {}) {
  const res = await app.inject({
    method,
    url,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as Body | null, headers: res.headers };
}
