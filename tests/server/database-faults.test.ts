// On PostgreSQL, a connection dropped during a write used to kill the process (an 'error' event on
// a checked-out pg client had no listener). Here the server's backends are terminated again and
// again under a write load: the process lives, failed requests answer 503 DB_UNAVAILABLE, and it
// serves again once the database is back. Runs in the PostgreSQL run of the suite (.ci/run).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, startTimeout, type RunningServer } from '../helpers/spawn-server.ts';

const url = process.env.TEST_DATABASE_URL;
const dbName = `coursehub_faults_${randomBytes(6).toString('hex')}`;

async function onServer(statement: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(statement, params);
  } finally {
    await client.end();
  }
}

describe.runIf(url)('the server when PostgreSQL drops its connections', { timeout: 120_000 }, () => {
  let server: RunningServer;
  let access = '';
  let userId = 0;

  beforeAll(async () => {
    await onServer(`create database "${dbName}"`);
    const target = new URL(url!);
    target.pathname = `/${dbName}`;
    // The server's whole environment, in one place.
    const env = {
      DATABASE_URL: target.toString(),
      DEMO: '1',
      SEED_DEMO: '1',
      DEMO_PORT: '0',
      LOG_LEVEL: 'silent',
      RATE_LIMIT: '0',
      SECRET: randomBytes(32).toString('hex'),
    };
    server = await startServer(env);
    const res = await fetch(`${server.base}/api/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'admin@coursehub.ru', password: 'coursehub-demo' }) });
    const body = (await res.json()) as { access: string; user: { id: number } };
    access = body.access;
    userId = body.user.id;
  }, startTimeout());

  afterAll(async () => {
    await server?.stop();
    await onServer(`drop database if exists "${dbName}" with (force)`);
  });

  const write = (city: string) =>
    fetch(`${server.base}/api/profile/${userId}/`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
      body: JSON.stringify({ city }),
    }).then(
      async (res) => ({ status: res.status, body: (await res.json().catch(() => ({ code: 'not JSON' }))) as { code?: string } }),
      // A dropped HTTP connection is an answer too, and a wrong one.
      (error: unknown) => ({ status: 0, body: { code: `connection dropped: ${String(error)}` } }),
    );

  it('lives, answers 503 DB_UNAVAILABLE during the fault and serves again after it', async () => {
    const answers: { status: number; body: { code?: string } }[] = [];
    let stop = false;
    const load = Array.from({ length: 6 }, async (_, worker) => {
      for (let i = 0; !stop; i += 1) answers.push(await write(`Город ${worker}-${i}`));
    });
    let terminated = 0;
    try {
      // Ten rounds at least, and on until a write was cut mid-query (it takes one or two rounds).
      const deadline = Date.now() + 60_000;
      for (let round = 0; round < 10 || !answers.some((answer) => answer.status === 503); round += 1) {
        expect(Date.now(), 'no write was cut by the terminated backends').toBeLessThan(deadline);
        expect(server.child.exitCode ?? server.child.signalCode, `the server died: ${server.stderr()}`).toBeNull();
        const result = await onServer('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
        terminated += result.rowCount ?? 0;
        // Let the load reach the database between the rounds.
        const seen = answers.length;
        await expect.poll(() => answers.length, { timeout: 10_000 }).toBeGreaterThan(seen + 3);
      }
    } finally {
      stop = true;
      await Promise.all(load);
    }

    expect(terminated).toBeGreaterThan(0);
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    const failures = answers.filter((answer) => answer.status !== 200);
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) expect(failure).toEqual({ status: 503, body: { code: 'DB_UNAVAILABLE', message: 'База данных временно недоступна. Попробуйте ещё раз через минуту.' } });

    // The database is back: writes and reads succeed again.
    await expect.poll(async () => (await write('Минск')).status, { timeout: 10_000 }).toBe(200);
    const profile = await fetch(`${server.base}/api/profile/`, { headers: { authorization: `Bearer ${access}` } });
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ city: 'Минск' });
    expect(server.child.exitCode).toBeNull();
  });
});
