import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const defaults = { staticDir: '/srv/dist' };

describe('loadConfig', () => {
  it('defaults to 127.0.0.1:3000, the embedded database with demo data, and 15-minute tokens', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ch-config-'));
    const config = loadConfig({ DATA_DIR: dataDir }, defaults);
    expect(config).toMatchObject({
      host: '127.0.0.1', port: 3000, staticDir: '/srv/dist', logLevel: 'info', databaseUrl: null, dataDir,
      publicUrl: 'http://127.0.0.1:3000', smtpUrl: null, seedDemo: true, accessTokenTtl: 900, rateLimit: true, corsOrigins: [],
    });
    expect(config.secret.length).toBeGreaterThanOrEqual(32);
  });

  it('keeps a generated secret in the data directory, readable only by the owner', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ch-config-'));
    const first = loadConfig({ DATA_DIR: dataDir }, defaults).secret;
    expect(loadConfig({ DATA_DIR: dataDir }, defaults).secret).toBe(first);
    expect(readFileSync(join(dataDir, 'secret'), 'utf8')).toBe(first);
    expect(statSync(join(dataDir, 'secret')).mode & 0o777).toBe(0o600);
  });

  it('resolves DATA_DIR to ./data by default', () => {
    expect(loadConfig({ SECRET: 'x'.repeat(32) }, defaults).dataDir).toBe(resolve('data'));
  });

  it('reads the environment', () => {
    const config = loadConfig({
      HOST: '0.0.0.0', PORT: '8080', STATIC_DIR: '/x', LOG_LEVEL: 'silent', DATABASE_URL: 'postgres://127.0.0.1:5432/test',
      DATA_DIR: '/tmp/ch', SECRET: 's'.repeat(32), PUBLIC_URL: 'https://coursehub.example/', SMTP_URL: 'smtp://mail:25',
      ACCESS_TOKEN_TTL: '300', CORS_ORIGINS: 'https://a.example, https://b.example', RATE_LIMIT: 'off',
    }, defaults);
    expect(config).toMatchObject({
      host: '0.0.0.0', port: 8080, staticDir: '/x', logLevel: 'silent', databaseUrl: 'postgres://127.0.0.1:5432/test', dataDir: '/tmp/ch',
      secret: 's'.repeat(32), publicUrl: 'https://coursehub.example', smtpUrl: 'smtp://mail:25', demo: false, seedDemo: false, accessTokenTtl: 300,
      corsOrigins: ['https://a.example', 'https://b.example'], rateLimit: false,
    });
  });

  it('pays through the offline sandbox by default and through Prodamus when configured', () => {
    expect(loadConfig({ SECRET: 'x'.repeat(32) }, defaults)).toMatchObject({ paymentProvider: 'sandbox', prodamusUrl: null, prodamusSecret: null });
    expect(loadConfig({ SECRET: 'x'.repeat(32), PAYMENT_PROVIDER: 'prodamus', PRODAMUS_URL: 'https://school.payform.ru/', PRODAMUS_SECRET: 'k'.repeat(40) }, defaults))
      .toMatchObject({ paymentProvider: 'prodamus', prodamusUrl: 'https://school.payform.ru/', prodamusSecret: 'k'.repeat(40) });
  });

  it('is in demo mode only when DEMO=1 or on a developer\'s machine (a loopback address, no proxy, not production)', () => {
    const env = { SECRET: 'x'.repeat(32) };
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) {
      expect(loadConfig({ ...env, HOST: host }, defaults), host).toMatchObject({ demo: true, developerMachine: true, seedDemo: true, paymentProvider: 'sandbox' });
    }
    expect(loadConfig({ ...env, HOST: '::1' }, defaults).publicUrl).toBe('http://[::1]:3000');
    expect(loadConfig({ ...env, PUBLIC_URL: 'http://localhost:3000' }, defaults)).toMatchObject({ demo: true, developerMachine: true });
    // Behind nginx or Caddy on the same host the server listens on loopback too: what faces others
    // keeps demo mode (outbox, sandbox payments, demo passwords) off.
    for (const facing of [{ PUBLIC_URL: 'https://school.example' }, { TRUST_PROXY: '1' }, { TRUST_PROXY: '127.0.0.1' }, { NODE_ENV: 'production' }]) {
      expect(loadConfig({ ...env, ...facing }, defaults), JSON.stringify(facing)).toMatchObject({ demo: false, developerMachine: false, seedDemo: false, paymentProvider: null });
    }
    expect(() => loadConfig({ ...env, DEMO: '1', PUBLIC_URL: 'https://school.example', TRUST_PROXY: 'true' }, defaults)).toThrow(
      "DEMO=1 works only on a developer's machine, but PUBLIC_URL=https://school.example is not a loopback address, TRUST_PROXY is set: the demo outbox, sandbox payments and demo passwords would answer to anyone. Remove DEMO=1.",
    );
    expect(() => loadConfig({ ...env, DEMO: '1', NODE_ENV: 'production' }, defaults)).toThrow(ConfigError);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'coursehub.example']) {
      expect(loadConfig({ ...env, HOST: host }, defaults), host).toMatchObject({ demo: false, seedDemo: false, paymentProvider: null });
    }
    // DEMO=1 still serves a demo on another address (a container's port on a laptop); the demo
    // passwords then stop the start (app.ts), and the outbox answers this machine only.
    expect(loadConfig({ ...env, HOST: '0.0.0.0', DEMO: '1' }, defaults)).toMatchObject({ demo: true, developerMachine: false, seedDemo: true, paymentProvider: 'sandbox' });
    expect(loadConfig({ ...env, DEMO: '0' }, defaults)).toMatchObject({ demo: false, seedDemo: false, paymentProvider: null });
    // Outside demo mode SEED_DEMO cannot put the demo school (and its published password) in.
    expect(loadConfig({ ...env, DEMO: '0', SEED_DEMO: '1' }, defaults).seedDemo).toBe(false);
  });

  it('reads the proxy trust and the timeouts', () => {
    const env = { SECRET: 'x'.repeat(32) };
    expect(loadConfig(env, defaults)).toMatchObject({ trustProxy: false, requestTimeoutMs: 60_000, connectionTimeoutMs: 90_000 });
    expect(loadConfig({ ...env, TRUST_PROXY: '1' }, defaults).trustProxy).toBe(1);
    expect(loadConfig({ ...env, TRUST_PROXY: 'true' }, defaults).trustProxy).toBe(true);
    expect(loadConfig({ ...env, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }, defaults).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({ ...env, REQUEST_TIMEOUT: '5', CONNECTION_TIMEOUT: '7' }, defaults)).toMatchObject({ requestTimeoutMs: 5000, connectionTimeoutMs: 7000 });
  });

  it('keeps files on the local disk by default and in an S3-compatible bucket when S3_BUCKET is set', () => {
    const env = { SECRET: 'x'.repeat(32) };
    expect(loadConfig(env, defaults)).toMatchObject({ storage: { kind: 'local' }, videoMaxBytes: 2 * 1024 ** 3 });
    expect(loadConfig({ ...env, VIDEO_MAX_MB: '100' }, defaults).videoMaxBytes).toBe(100 * 1024 ** 2);
    expect(loadConfig({ ...env, S3_BUCKET: 'course-files' }, defaults).storage).toEqual({
      kind: 's3', bucket: 'course-files', endpoint: null, region: 'us-east-1', accessKeyId: null, secretAccessKey: null, forcePathStyle: false,
    });
    expect(loadConfig({ ...env, S3_BUCKET: 'files', S3_ENDPOINT: 'https://storage.example', S3_REGION: 'ru-central1', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'key' }, defaults).storage).toEqual({
      kind: 's3', bucket: 'files', endpoint: 'https://storage.example', region: 'ru-central1', accessKeyId: 'id', secretAccessKey: 'key', forcePathStyle: true,
    });
    expect(loadConfig({ ...env, S3_BUCKET: 'files', S3_ENDPOINT: 'https://storage.example', S3_FORCE_PATH_STYLE: '0' }, defaults).storage).toMatchObject({ forcePathStyle: false });
  });

  it('seeds no demo data into a PostgreSQL server unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://h/db', SECRET: 'x'.repeat(32) }, defaults).seedDemo).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number from 1 to 65535, got "abc".'],
    [{ PORT: '0' }, 'PORT must be a whole number from 1 to 65535, got "0".'],
    [{ PORT: '3.5' }, 'PORT must be a whole number from 1 to 65535, got "3.5".'],
    [{ ACCESS_TOKEN_TTL: '3600' }, 'ACCESS_TOKEN_TTL must be a whole number from 30 to 900, got "3600".'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud".'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres:// or postgresql://, got "mysql://x".'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL must be a URL, got "not a url".'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must start with smtp:// or smtps://, got "http://mail".'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO must be 1 or 0 (true or false), got "maybe".'],
    [{ SECRET: 'short' }, 'SECRET must be at least 32 characters long.'],
    [{ PAYMENT_PROVIDER: 'bepaid' }, 'PAYMENT_PROVIDER must be one of sandbox, prodamus, none, got "bepaid".'],
    [{ DEMO: '0', PAYMENT_PROVIDER: 'sandbox' }, 'PAYMENT_PROVIDER=sandbox works only in demo mode (DEMO=1); set PAYMENT_PROVIDER=prodamus for real payments.'],
    [{ HOST: '0.0.0.0', PAYMENT_PROVIDER: 'sandbox' }, 'PAYMENT_PROVIDER=sandbox works only in demo mode (DEMO=1); set PAYMENT_PROVIDER=prodamus for real payments.'],
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY must be true, false, a number of proxies or a comma-separated list of addresses, got "everyone".'],
    [{ REQUEST_TIMEOUT: '0' }, 'REQUEST_TIMEOUT must be a whole number from 1 to 3600, got "0".'],
    [{ PAYMENT_PROVIDER: 'prodamus', PRODAMUS_SECRET: 'k' }, 'PRODAMUS_URL (the payment form address) is required when PAYMENT_PROVIDER=prodamus.'],
    [{ PAYMENT_PROVIDER: 'prodamus', PRODAMUS_URL: 'https://school.payform.ru/' }, 'PRODAMUS_SECRET (the secret key from the Prodamus settings) is required when PAYMENT_PROVIDER=prodamus.'],
    [{ PRODAMUS_URL: 'ftp://school.payform.ru/' }, 'PRODAMUS_URL must start with https:// or http://, got "ftp://school.payform.ru/".'],
    [{ S3_ENDPOINT: 'https://storage.example' }, 'S3_ENDPOINT set without S3_BUCKET: set S3_BUCKET too, or remove them.'],
    [{ S3_BUCKET: 'Bad_Bucket' }, 'S3_BUCKET must be a bucket name (3–63 lowercase letters, digits, dots, hyphens), got "Bad_Bucket".'],
    [{ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither.'],
    [{ S3_BUCKET: 'files', S3_ENDPOINT: 'ftp://storage.example' }, 'S3_ENDPOINT must start with https:// or http://, got "ftp://storage.example".'],
    [{ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE must be 1 or 0 (true or false), got "maybe".'],
    [{ VIDEO_MAX_MB: '0' }, 'VIDEO_MAX_MB must be a whole number from 1 to 102400, got "0".'],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig({ SECRET: 'x'.repeat(32), ...env }, defaults)).toThrow(new ConfigError(message));
  });
});

describe('custom domain checks', () => {
  const env = { SECRET: 'x'.repeat(32) };
  it('asks the system resolvers on port 80 by default, and no one may read configured_domains/', () => {
    expect(loadConfig(env, defaults)).toMatchObject({ domainCheck: { dnsServers: [], allowPrivate: false, httpPort: 80 }, provisioningToken: null });
  });

  it('reads DNS_SERVERS, DOMAIN_CHECK_PRIVATE (demo mode only), DOMAIN_CHECK_PORT and PROVISIONING_TOKEN', () => {
    const config = loadConfig({ ...env, DNS_SERVERS: '127.0.0.1:5353, 1.1.1.1, [::1]:53, ::1', DOMAIN_CHECK_PRIVATE: '1', DOMAIN_CHECK_PORT: '8080', PROVISIONING_TOKEN: 'p'.repeat(32) }, defaults);
    expect(config.domainCheck).toEqual({ dnsServers: ['127.0.0.1:5353', '1.1.1.1', '[::1]:53', '::1'], allowPrivate: true, httpPort: 8080 });
    expect(config.provisioningToken).toBe('p'.repeat(32));
  });

  it.each([
    [{ DNS_SERVERS: 'dns.example' }, /DNS_SERVERS/],
    [{ DNS_SERVERS: '127.0.0.1:99999' }, /DNS_SERVERS/],
    [{ DNS_SERVERS: '300.1.1.1' }, /DNS_SERVERS/],
    [{ DOMAIN_CHECK_PRIVATE: '1', DEMO: '0' }, /demo mode/],
    [{ DOMAIN_CHECK_PORT: '0' }, /DOMAIN_CHECK_PORT/],
    [{ PROVISIONING_TOKEN: 'short' }, /PROVISIONING_TOKEN/],
  ])('refuses %o', (extra, message) => {
    expect(() => loadConfig({ ...env, ...extra }, defaults)).toThrow(message);
  });
});

describe('Telegram', () => {
  const env = { SECRET: 'x'.repeat(32) };
  const token = `123456:${'A'.repeat(35)}`;
  it('has no bot by default: notifications go to the outbox', () => {
    expect(loadConfig(env, defaults).telegram).toEqual({ botToken: null, webhookSecret: null, apiUrl: 'https://api.telegram.org' });
  });

  it('reads TELEGRAM_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET and TELEGRAM_API_URL', () => {
    const config = loadConfig({ ...env, TELEGRAM_BOT_TOKEN: token, TELEGRAM_WEBHOOK_SECRET: 'hook_secret-1', TELEGRAM_API_URL: 'http://127.0.0.1:8081/' }, defaults);
    expect(config.telegram).toEqual({ botToken: token, webhookSecret: 'hook_secret-1', apiUrl: 'http://127.0.0.1:8081' });
  });

  it.each([
    [{ TELEGRAM_BOT_TOKEN: token }, /TELEGRAM_WEBHOOK_SECRET is required/],
    [{ TELEGRAM_BOT_TOKEN: 'not a token', TELEGRAM_WEBHOOK_SECRET: 's' }, /TELEGRAM_BOT_TOKEN/],
    [{ TELEGRAM_BOT_TOKEN: token, TELEGRAM_WEBHOOK_SECRET: 'with space' }, /TELEGRAM_WEBHOOK_SECRET must be/],
    [{ TELEGRAM_API_URL: 'ftp://x' }, /TELEGRAM_API_URL/],
  ])('refuses %o', (extra, message) => {
    expect(() => loadConfig({ ...env, ...extra }, defaults)).toThrow(message);
  });
});

describe('AI assistant', () => {
  const env = { SECRET: 'x'.repeat(32) };
  it('is not configured by default, with gpt-4o-mini as the model', () => {
    expect(loadConfig(env, defaults).ai).toEqual({ baseUrl: null, apiKey: null, model: 'gpt-4o-mini' });
  });

  it('reads AI_BASE_URL (any OpenAI-compatible endpoint), AI_API_KEY and AI_MODEL', () => {
    const config = loadConfig({ ...env, AI_BASE_URL: 'http://127.0.0.1:11434/v1/', AI_API_KEY: 'sk-test', AI_MODEL: 'llama3.1:8b' }, defaults);
    expect(config.ai).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', apiKey: 'sk-test', model: 'llama3.1:8b' });
  });

  it.each([
    [{ AI_BASE_URL: 'ftp://x' }, /AI_BASE_URL/],
    [{ AI_BASE_URL: 'not a url' }, /AI_BASE_URL must be a URL/],
    [{ AI_MODEL: 'gpt 4' }, /AI_MODEL/],
  ])('refuses %o', (extra, message) => {
    expect(() => loadConfig({ ...env, ...extra }, defaults)).toThrow(message);
  });
});
