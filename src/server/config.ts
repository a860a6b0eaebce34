import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isLoopbackHost } from './shared/loopback.ts';

/** Server configuration, read from the environment once at start and validated. */
export interface ServerConfig {
  host: string;
  port: number;
  /** Directory of the built browser files (app, widgets). */
  staticDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** PostgreSQL server; when absent the embedded PGlite database under dataDir is used. */
  databaseUrl: string | null;
  /** Embedded database and uploads live here. */
  dataDir: string;
  /** HMAC key of access tokens and other signed values (≥ 32 bytes); see resolveSecret. */
  secret: string;
  /** The platform's own origin, for links in emails. */
  publicUrl: string;
  /** SMTP server URL; without it emails go to the outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * Demo mode: the demo school's accounts, the sandbox payment page and, without SMTP, the outbox
   * page for loopback visitors. DEMO=1, or by default while HOST is a loopback address.
   */
  demo: boolean;
  /** Fill an empty embedded database with the demo school (demo mode only). */
  seedDemo: boolean;
  /** Access token lifetime in seconds (≤ 15 minutes). */
  accessTokenTtl: number;
  /** Refresh token lifetime in seconds. */
  refreshTokenTtl: number;
  /** Extra origins allowed to call the private API with credentials (comma-separated). */
  corsOrigins: string[];
  /** Rate limits can be turned off for load tests; never in production. */
  rateLimit: boolean;
  /** Port of the demo site (another origin embedding the widgets); 0 turns it off. */
  demoPort: number;
  /** Where plans are paid: the built-in sandbox page (demo mode only) or Prodamus; null: nowhere. */
  paymentProvider: 'sandbox' | 'prodamus' | null;
  /** The school's Prodamus payment form, e.g. https://example.payform.ru/ (prodamus only). */
  prodamusUrl: string | null;
  /** Prodamus secret key: signs links and verifies webhooks; never leaves the server. */
  prodamusSecret: string | null;
  /** Fastify's trustProxy: false, true, a number of hops, or addresses/CIDRs of trusted proxies. */
  trustProxy: boolean | number | string[];
  /** Milliseconds a client has to send a whole request, and a connection may stay silent. */
  requestTimeoutMs: number;
  connectionTimeoutMs: number;
  /**
   * Milliseconds an anonymous public answer (catalogue, landing, webinar) is reused from memory;
   * it says max-age=60 to browsers anyway. 0 turns the reuse off.
   */
  publicCacheMs: number;
  /** Where course files and videos are kept: local disk under DATA_DIR/uploads/files, or an S3-compatible bucket. */
  storage: StorageConfig;
  /** The largest video one resumable upload may bring, in bytes. */
  videoMaxBytes: number;
}

/** Course files' storage: the local disk (default) or an S3-compatible bucket (S3_BUCKET set). */
export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** Another S3-compatible service (MinIO, Yandex Object Storage…); null: AWS. */
      endpoint: string | null;
      region: string;
      /** Both or neither; without them the SDK's own chain (environment, instance role) is used. */
      accessKeyId: string | null;
      secretAccessKey: string | null;
      /** bucket in the path (https://host/bucket/key) rather than in the host name. */
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function integer(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${value}".`);
  }
  return n;
}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(value.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
  throw new ConfigError(`${name} must be 1 or 0 (true or false), got "${value}".`);
}

function url(name: string, value: string | undefined, protocols: string[]): string | null {
  if (value === undefined || value === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${value}".`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}, got "${value}".`);
  }
  return value;
}

function logLevel(value: string | undefined): ServerConfig['logLevel'] {
  if (value === undefined || value === '') return 'info';
  if ((LOG_LEVELS as readonly string[]).includes(value)) return value as ServerConfig['logLevel'];
  throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}".`);
}

/**
 * SECRET, or else a random key kept in DATA_DIR/secret (created once, readable only by us), so
 * that sessions survive a restart of the embedded demo without any setup.
 */
function secret(value: string | undefined, dataDir: string): string {
  if (value !== undefined && value !== '') {
    if (Buffer.byteLength(value) < 32) throw new ConfigError('SECRET must be at least 32 characters long.');
    return value;
  }
  const file = join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(32).toString('base64url');
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}

const PAYMENT_PROVIDERS = ['sandbox', 'prodamus', 'none'] as const;

function payments(env: NodeJS.ProcessEnv, demo: boolean): Pick<ServerConfig, 'paymentProvider' | 'prodamusUrl' | 'prodamusSecret'> {
  const provider = env.PAYMENT_PROVIDER || (demo ? 'sandbox' : 'none');
  if (!(PAYMENT_PROVIDERS as readonly string[]).includes(provider)) {
    throw new ConfigError(`PAYMENT_PROVIDER must be one of ${PAYMENT_PROVIDERS.join(', ')}, got "${provider}".`);
  }
  // The sandbox page "pays" without money: anyone could activate a plan for free outside a demo.
  if (provider === 'sandbox' && !demo) throw new ConfigError('PAYMENT_PROVIDER=sandbox works only in demo mode (DEMO=1); set PAYMENT_PROVIDER=prodamus for real payments.');
  const prodamusUrl = url('PRODAMUS_URL', env.PRODAMUS_URL, ['https:', 'http:']);
  const prodamusSecret = env.PRODAMUS_SECRET || null;
  if (provider === 'prodamus') {
    if (!prodamusUrl) throw new ConfigError('PRODAMUS_URL (the payment form address) is required when PAYMENT_PROVIDER=prodamus.');
    if (!prodamusSecret) throw new ConfigError('PRODAMUS_SECRET (the secret key from the Prodamus settings) is required when PAYMENT_PROVIDER=prodamus.');
  }
  return { paymentProvider: provider === 'none' ? null : (provider as 'sandbox' | 'prodamus'), prodamusUrl, prodamusSecret };
}


function storage(env: NodeJS.ProcessEnv): StorageConfig {
  const bucket = env.S3_BUCKET || null;
  const others = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'].filter((name) => env[name]);
  if (!bucket) {
    // Half a configuration would quietly keep files on the local disk.
    if (others.length > 0) throw new ConfigError(`${others.join(', ')} set without S3_BUCKET: set S3_BUCKET too, or remove them.`);
    return { kind: 'local' };
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new ConfigError(`S3_BUCKET must be a bucket name (3–63 lowercase letters, digits, dots, hyphens), got "${bucket}".`);
  const endpoint = url('S3_ENDPOINT', env.S3_ENDPOINT, ['https:', 'http:']);
  const accessKeyId = env.S3_ACCESS_KEY_ID || null;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || null;
  if ((accessKeyId === null) !== (secretAccessKey === null)) throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither.');
  return {
    kind: 's3',
    bucket,
    endpoint,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    // Services other than AWS mostly address buckets by path.
    forcePathStyle: flag('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE, endpoint !== null),
  };
}

function trustProxy(value: string | undefined): ServerConfig['trustProxy'] {
  if (value === undefined || value === '') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
  if (['1', 'true', 'yes', 'on'].includes(value.toLowerCase())) return true;
  const list = value.split(',').map((part) => part.trim()).filter(Boolean);
  if (!list.every((part) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(part))) {
    throw new ConfigError(`TRUST_PROXY must be true, false, a number of proxies or a comma-separated list of addresses, got "${value}".`);
  }
  return list;
}

export function loadConfig(env: NodeJS.ProcessEnv, defaults: { staticDir: string }): ServerConfig {
  const host = env.HOST || '127.0.0.1';
  const port = integer('PORT', env.PORT, 3000, 1, 65535);
  const databaseUrl = url('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:']);
  const dataDir = resolve(env.DATA_DIR || 'data');
  const demo = flag('DEMO', env.DEMO, isLoopbackHost(host));
  return {
    host,
    port,
    staticDir: env.STATIC_DIR || defaults.staticDir,
    logLevel: logLevel(env.LOG_LEVEL),
    databaseUrl,
    dataDir,
    secret: secret(env.SECRET, dataDir),
    publicUrl: (url('PUBLIC_URL', env.PUBLIC_URL, ['http:', 'https:']) ?? `http://${host}:${port}`).replace(/\/+$/, ''),
    smtpUrl: url('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'CourseHub <no-reply@coursehub.local>',
    demo,
    // Demo data only in demo mode, and by default only into the embedded database: a real server is someone's data.
    seedDemo: demo && flag('SEED_DEMO', env.SEED_DEMO, databaseUrl === null),
    accessTokenTtl: integer('ACCESS_TOKEN_TTL', env.ACCESS_TOKEN_TTL, 900, 30, 900),
    refreshTokenTtl: integer('REFRESH_TOKEN_TTL', env.REFRESH_TOKEN_TTL, 30 * 24 * 3600, 60, 90 * 24 * 3600),
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    rateLimit: flag('RATE_LIMIT', env.RATE_LIMIT, true),
    demoPort: integer('DEMO_PORT', env.DEMO_PORT, port === 65535 ? 0 : port + 1, 0, 65535),
    ...payments(env, demo),
    trustProxy: trustProxy(env.TRUST_PROXY),
    requestTimeoutMs: integer('REQUEST_TIMEOUT', env.REQUEST_TIMEOUT, 60, 1, 3600) * 1000,
    connectionTimeoutMs: integer('CONNECTION_TIMEOUT', env.CONNECTION_TIMEOUT, 90, 1, 3600) * 1000,
    publicCacheMs: integer('PUBLIC_CACHE_MS', env.PUBLIC_CACHE_MS, 1000, 0, 60_000),
    storage: storage(env),
    videoMaxBytes: integer('VIDEO_MAX_MB', env.VIDEO_MAX_MB, 2048, 1, 102_400) * 1024 * 1024,
  };
}
