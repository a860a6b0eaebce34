// The embedded default: PGlite under DATA_DIR, migrated and seeded on start, kept across restarts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/shared/demo-accounts.ts';
import { call } from './test-app.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'coursehub-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const config = () => loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SECRET: 'k'.repeat(32), RATE_LIMIT: '0' }, { staticDir: '/nonexistent' });

describe('the embedded database', () => {
  // Starts several fresh apps (all migrations, demo seed): slow on a busy 2-core machine.
  it('seeds the demo school once and keeps data across a restart', { timeout: 120_000 }, async () => {
    const first = await buildApp({ config: config(), logger: false });
    for (const account of DEMO_ACCOUNTS) {
      const login = await call(first, 'POST', '/api/login/', { body: { login: account.email, password: DEMO_PASSWORD } });
      expect(login.status, account.email).toBe(200);
      const schools = await call(first, 'GET', '/api/user-schools/', { token: login.body!.access });
      const roles = 'owner' in account ? ['SuperAdmin', account.role] : [account.role];
      expect(schools.body).toEqual(roles.map((role) => expect.objectContaining({ name: 'Coursehub', role, active: true })));
    }
    const created = await call(first, 'POST', '/api/register-school-owner/', {
      body: { school_name: 'Persistent School', email: 'keep@example.com', password: 'Secret-pass-1', password_confirmation: 'Secret-pass-1' },
    });
    expect(created.status).toBe(201);
    await first.close();

    const second = await buildApp({ config: config(), logger: false });
    const login = await call(second, 'POST', '/api/login/', { body: { login: 'keep@example.com', password: 'Secret-pass-1' } });
    expect(login.status).toBe(200);
    const schools = await call(second, 'GET', '/api/user-schools/', { token: login.body!.access });
    expect(schools.body).toEqual([expect.objectContaining({ name: 'Persistent_School', role: 'SuperAdmin' }), expect.objectContaining({ name: 'Persistent_School', role: 'Admin' })]);
    // The same secret keeps earlier access tokens valid across the restart.
    expect((await call(second, 'GET', '/api/user/', { token: created.body!.access })).status).toBe(200);
    await second.close();
  });
});
