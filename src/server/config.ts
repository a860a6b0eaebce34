/** Server configuration, read from the environment once at start and validated. */
export interface ServerConfig {
  host: string;
  port: number;
  /** Directory of the built browser files (app, widgets). */
  staticDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) {
    throw new ConfigError(`PORT must be a whole number from 1 to 65535, got "${value}".`);
  }
  return n;
}

function logLevel(value: string | undefined): ServerConfig['logLevel'] {
  if (value === undefined || value === '') return 'info';
  if ((LOG_LEVELS as readonly string[]).includes(value)) return value as ServerConfig['logLevel'];
  throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}".`);
}

export function loadConfig(env: NodeJS.ProcessEnv, defaults: { staticDir: string }): ServerConfig {
  return {
    host: env.HOST || '127.0.0.1',
    port: port(env.PORT),
    staticDir: env.STATIC_DIR || defaults.staticDir,
    logLevel: logLevel(env.LOG_LEVEL),
  };
}
