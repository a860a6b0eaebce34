// The second takeover chain: the embedded database turned demo mode on, and demo mode published
// every reset link at /api/dev/outbox/ without login, even with SMTP set. Anyone could ask for a
// reset of anyone's account and read the link. Demo mode is now explicit, and its outbox page
// exists only without SMTP and only for this machine.
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { users } from '../../shared/db/core-tables.ts';
import { hashPassword } from '../../shared/security/passwords.ts';
import { DEMO_ACCOUNTS } from '../../shared/demo-accounts.ts';
import { registerOwner } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function askForResetAndReadOutbox(app: TestApp['app'], remoteAddress: string) {
  expect((await call(app, 'POST', '/api/forgot_password/', { body: { email: 'admin@coursehub.ru' } })).status).toBe(200);
  await app.ctx.jobs.idle();
  return app.inject({ method: 'GET', url: '/api/dev/outbox/', remoteAddress });
}

describe('the outbox page', () => {
  it('shows a local demo its mail, escaped, to this machine only', async () => {
    t = await createTestApp({ demo: true, seedDemo: true });
    await t.app.ctx.mailer.send({ to: 'x@example.com', subject: '<script>alert(1)</script>', text: 'a & b <b>' });
    const local = await askForResetAndReadOutbox(t.app, '127.0.0.1');
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(local.body).toContain('http://coursehub.test/token-validate/');
    expect(local.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(local.body).not.toMatch(/<script|style=/);
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox/', remoteAddress: '::1' })).statusCode).toBe(200);

    // Another machine gets nothing, whatever it claims to be forwarded for.
    for (const remoteAddress of ['203.0.113.9', '10.0.0.5', '::ffff:192.168.0.2']) {
      const remote = await t.app.inject({ method: 'GET', url: '/api/dev/outbox/', remoteAddress, headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(remote.statusCode, remoteAddress).toBe(404);
      expect(remote.body).not.toContain('token-validate');
    }
  });

  it('does not exist when a mail server is configured, even in demo mode', async () => {
    t = await createTestApp({ demo: true, seedDemo: true, smtpUrl: 'smtp://127.0.0.1:9' });
    const res = await askForResetAndReadOutbox(t.app, '127.0.0.1');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('token-validate');
  });

  it('does not exist outside demo mode, embedded database or not', async () => {
    t = await createTestApp({ demo: false, seedDemo: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox/' });
    expect(res.statusCode).toBe(404);
  });
});

// Each test seeds the demo school (argon2 hashes) once or twice.
describe('a server other machines can reach', { timeout: 120_000 }, () => {
  it('refuses to start while a demo account has the published demo password', async () => {
    await expect(createTestApp({ demo: true, seedDemo: true, host: '0.0.0.0', developerMachine: false })).rejects.toThrow(ConfigError);
    await expect(createTestApp({ demo: true, seedDemo: true, host: '0.0.0.0', developerMachine: false })).rejects.toThrow(`The demo account ${DEMO_ACCOUNTS[0].email} still has the published demo password`);
  });

  it('refuses to start behind a proxy on this host too: a loopback HOST with a public PUBLIC_URL, TRUST_PROXY or NODE_ENV=production', async () => {
    const local = await createTestApp({ demo: true, seedDemo: true });
    t = local;
    const base = { LOG_LEVEL: 'silent', SECRET: local.app.ctx.config.secret, HOST: '127.0.0.1' };
    for (const facing of [{ PUBLIC_URL: 'https://school.example' }, { TRUST_PROXY: 'true' }, { NODE_ENV: 'production' }]) {
      const config = loadConfig({ ...base, ...facing }, { staticDir: '/nonexistent' });
      expect(config.demo).toBe(false);
      await expect(buildApp({ config, database: local.database, logger: false }), JSON.stringify(facing)).rejects.toThrow(`The demo account ${DEMO_ACCOUNTS[0].email} still has the published demo password`);
    }
  });

  it('starts once the demo passwords are changed', async () => {
    const local = await createTestApp({ demo: true, seedDemo: true });
    await local.app.ctx.db.update(users).set({ passwordHash: await hashPassword('A-private-password-9') });
    const exposed = await buildApp({ config: { ...local.app.ctx.config, host: '0.0.0.0', developerMachine: false, seedDemo: false }, database: local.database, logger: false });
    expect((await exposed.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    await exposed.close();
    t = local;
  });

  it('pays only through a real provider outside demo mode: no sandbox page, subscribe says payments are not set up', async () => {
    t = await createTestApp({ demo: false, seedDemo: false, paymentProvider: null });
    const owner = await registerOwner(t.app);
    const res = await call(t.app, 'POST', `/api/${owner.schoolName}/subscribe/`, { token: owner.access, body: { tariff: 'Middle', subscription_type: 'monthly' } });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'PAYMENTS_NOT_CONFIGURED' });
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: object }>().paths);
    // Webhooks that are not the plans' stay: the schools' own sales (each school brings its own
    // provider's keys) and Telegram's (it answers 403 without a bot).
    const notPlans = ['/api/sales/webhook/', '/api/telegram/webhook/'];
    expect(paths.filter((path) => path.includes('sandbox') || (path.includes('webhook') && !notPlans.some((prefix) => path.startsWith(prefix))))).toEqual([]);
  });
});
