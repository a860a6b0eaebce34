import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { isLoopbackHost, isLoopbackUrl } from './shared/loopback.ts';

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
   * page for visitors on this machine. By default on a developer's machine (see developerMachine);
   * DEMO=1 turns it on elsewhere, but never where the deployment faces others.
   */
  demo: boolean;
  /**
   * Plainly a developer's machine: listening on a loopback address, addressed as one (PUBLIC_URL),
   * no trusted proxy in front (TRUST_PROXY) and not NODE_ENV=production. Elsewhere a demo
   * account that still has the published password stops the start.
   */
  developerMachine: boolean;
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
  /** How a school's custom domain is checked (features/schools/school-domain-check.ts). */
  domainCheck: DomainCheckConfig;
  /** Lets a provisioning script (certificates, proxy) read GET configured_domains/; null: nobody may. */
  provisioningToken: string | null;
  /** Telegram notifications (features/telegram/); null token: messages go to the telegram_outbox table. */
  telegram: TelegramConfig;
  /** The AI assistant's OpenAI-compatible endpoint (features/ai-chat/); null baseUrl: not configured (503). */
  ai: AiConfig;
}

/** AI_BASE_URL, AI_API_KEY, AI_MODEL. */
export interface AiConfig {
  /** An OpenAI-compatible API root with its version, e.g. https://api.openai.com/v1; null: the assistant answers 503 AI_NOT_CONFIGURED. */
  baseUrl: string | null;
  /** Sent as the bearer key; null for endpoints that need none (a local server). */
  apiKey: string | null;
  /** The chat model's name at that endpoint. */
  model: string;
}

/** TELEGRAM_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET, TELEGRAM_API_URL. */
export interface TelegramConfig {
  /** The bot's token from @BotFather; null: no bot, notifications are kept in the outbox. */
  botToken: string | null;
  /** What Telegram sends in X-Telegram-Bot-Api-Secret-Token with each update (setWebhook's secret_token). */
  webhookSecret: string | null;
  /** The Bot API's root (https://api.telegram.org; tests point it at a local server). */
  apiUrl: string;
}

/** DNS_SERVERS, DOMAIN_CHECK_PRIVATE, DOMAIN_CHECK_PORT. */
export interface DomainCheckConfig {
  /** Resolvers asked for the TXT record and the domain's addresses ('1.1.1.1', '127.0.0.1:5353', '[::1]:53'); empty: the system's. */
  dnsServers: string[];
  /** The file check may reach loopback and private addresses (demo mode only: tests and local demos). */
  allowPrivate: boolean;
  /** Port of the file check's http:// request (80; tests use another). */
  httpPort: number;
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
  try {
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    mkdirSync(dataDir, { recursive: true });
    const generated = randomBytes(32).toString('base64url');
    writeFileSync(file, generated, { mode: 0o600 });
    return generated;
  } catch (error) {
    throw dataDirError(dataDir, error);
  }
}

/** A data directory the server cannot use, said in one line (the operator's to fix, not a crash). */
function dataDirError(dataDir: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'ENOTDIR' || code === 'EEXIST') {
    const why = code === 'EROFS' ? 'is on a read-only file system' : code === 'ENOTDIR' || code === 'EEXIST' ? 'is not a directory' : 'is not writable by this user';
    return new ConfigError(`DATA_DIR ${dataDir} ${why} (${code}): give the server's user write access to it, or set DATA_DIR to a writable directory.`);
  }
  return error as Error;
}

/**
 * Checks at start that the data directory can be written (the embedded database, uploads, the
 * lock), so a read-only volume stops the start with one line instead of a stack trace later.
 */
export function checkDataDir(dataDir: string): void {
  const probe = join(dataDir, `.write-check-${process.pid}`);
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    throw dataDirError(dataDir, error);
  }
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

/** 'a.b.c.d', 'a.b.c.d:port', '::1', '[::1]:port': each checked, so a typo stops the start, not a check. */
function dnsServers(value: string | undefined): string[] {
  const list = (value ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  for (const server of list) {
    const match = /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/i.exec(server) ?? /^([0-9.]+)(?::(\d{1,5}))?$/.exec(server) ?? /^([0-9a-f:]*:[0-9a-f:]*)()$/i.exec(server);
    const port = match?.[2] ? Number(match[2]) : 53;
    if (!match?.[1] || isIP(match[1]) === 0 || port < 1 || port > 65535) {
      throw new ConfigError(`DNS_SERVERS must be a comma-separated list of IP addresses, each with an optional port (1.1.1.1, 127.0.0.1:5353, [::1]:53), got "${value}".`);
    }
  }
  return list;
}

function domainCheck(env: NodeJS.ProcessEnv, demo: boolean): DomainCheckConfig {
  const allowPrivate = flag('DOMAIN_CHECK_PRIVATE', env.DOMAIN_CHECK_PRIVATE, false);
  // Outside a demo it would let any admin make the server fetch from its own network.
  if (allowPrivate && !demo) throw new ConfigError('DOMAIN_CHECK_PRIVATE=1 works only in demo mode (DEMO=1).');
  return { dnsServers: dnsServers(env.DNS_SERVERS), allowPrivate, httpPort: integer('DOMAIN_CHECK_PORT', env.DOMAIN_CHECK_PORT, 80, 1, 65535) };
}

function provisioningToken(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (Buffer.byteLength(value) < 32) throw new ConfigError('PROVISIONING_TOKEN must be at least 32 characters long.');
  return value;
}

function telegram(env: NodeJS.ProcessEnv): TelegramConfig {
  const botToken = env.TELEGRAM_BOT_TOKEN || null;
  const webhookSecret = env.TELEGRAM_WEBHOOK_SECRET || null;
  if (botToken !== null && !/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/.test(botToken)) throw new ConfigError('TELEGRAM_BOT_TOKEN must be a bot token from @BotFather (123456:ABC…).');
  // Without the secret anyone could post updates to the webhook and link chats.
  if (botToken !== null && webhookSecret === null) throw new ConfigError('TELEGRAM_WEBHOOK_SECRET is required with TELEGRAM_BOT_TOKEN (1–256 characters A–Z, a–z, 0–9, _ and -).');
  if (webhookSecret !== null && !/^[A-Za-z0-9_-]{1,256}$/.test(webhookSecret)) throw new ConfigError('TELEGRAM_WEBHOOK_SECRET must be 1–256 characters A–Z, a–z, 0–9, _ and -.');
  const apiUrl = (url('TELEGRAM_API_URL', env.TELEGRAM_API_URL, ['https:', 'http:']) ?? 'https://api.telegram.org').replace(/\/+$/, '');
  return { botToken, webhookSecret, apiUrl };
}

function ai(env: NodeJS.ProcessEnv): AiConfig {
  const baseUrl = url('AI_BASE_URL', env.AI_BASE_URL, ['https:', 'http:']);
  const model = env.AI_MODEL || 'gpt-4o-mini';
  if (model.length > 200 || /[\s\p{Cc}]/u.test(model)) throw new ConfigError(`AI_MODEL must be a model name without spaces, got "${model}".`);
  return { baseUrl: baseUrl?.replace(/\/+$/, '') ?? null, apiKey: env.AI_API_KEY || null, model };
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
  const publicUrl = (url('PUBLIC_URL', env.PUBLIC_URL, ['http:', 'https:']) ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(/\/+$/, '');
  const proxies = trustProxy(env.TRUST_PROXY);
  // What says the server faces others: each one keeps demo mode off, even with DEMO=1. A proxy on
  // this host reaches a loopback HOST too, so HOST alone cannot tell.
  const facing = [
    Boolean(env.PUBLIC_URL) && !isLoopbackUrl(publicUrl) && `PUBLIC_URL=${publicUrl} is not a loopback address`,
    proxies !== false && 'TRUST_PROXY is set',
    env.NODE_ENV === 'production' && 'NODE_ENV=production',
  ].filter((reason): reason is string => typeof reason === 'string');
  const developerMachine = isLoopbackHost(host) && facing.length === 0;
  const demo = flag('DEMO', env.DEMO, developerMachine);
  if (demo && facing.length > 0) {
    throw new ConfigError(`DEMO=1 works only on a developer's machine, but ${facing.join(', ')}: the demo outbox, sandbox payments and demo passwords would answer to anyone. Remove DEMO=1.`);
  }
  return {
    host,
    port,
    staticDir: env.STATIC_DIR || defaults.staticDir,
    logLevel: logLevel(env.LOG_LEVEL),
    databaseUrl,
    dataDir,
    secret: secret(env.SECRET, dataDir),
    publicUrl,
    smtpUrl: url('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'CourseHub <no-reply@coursehub.local>',
    demo,
    developerMachine,
    // Demo data only in demo mode, and by default only into the embedded database: a real server is someone's data.
    seedDemo: demo && flag('SEED_DEMO', env.SEED_DEMO, databaseUrl === null),
    accessTokenTtl: integer('ACCESS_TOKEN_TTL', env.ACCESS_TOKEN_TTL, 900, 30, 900),
    refreshTokenTtl: integer('REFRESH_TOKEN_TTL', env.REFRESH_TOKEN_TTL, 30 * 24 * 3600, 60, 90 * 24 * 3600),
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    rateLimit: flag('RATE_LIMIT', env.RATE_LIMIT, true),
    demoPort: integer('DEMO_PORT', env.DEMO_PORT, port === 65535 ? 0 : port + 1, 0, 65535),
    ...payments(env, demo),
    trustProxy: proxies,
    requestTimeoutMs: integer('REQUEST_TIMEOUT', env.REQUEST_TIMEOUT, 60, 1, 3600) * 1000,
    connectionTimeoutMs: integer('CONNECTION_TIMEOUT', env.CONNECTION_TIMEOUT, 90, 1, 3600) * 1000,
    publicCacheMs: integer('PUBLIC_CACHE_MS', env.PUBLIC_CACHE_MS, 1000, 0, 60_000),
    storage: storage(env),
    videoMaxBytes: integer('VIDEO_MAX_MB', env.VIDEO_MAX_MB, 2048, 1, 102_400) * 1024 * 1024,
    domainCheck: domainCheck(env, demo),
    provisioningToken: provisioningToken(env.PROVISIONING_TOKEN),
    telegram: telegram(env),
    ai: ai(env),
  };
}
