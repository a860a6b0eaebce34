import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const defaults = { staticDir: '/srv/dist' };

describe('loadConfig', () => {
  it('defaults to 127.0.0.1:3000 with info logs', () => {
    expect(loadConfig({}, defaults)).toEqual({ host: '127.0.0.1', port: 3000, staticDir: '/srv/dist', logLevel: 'info' });
  });

  it('reads the environment', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080', STATIC_DIR: '/x', LOG_LEVEL: 'silent' }, defaults)).toEqual({
      host: '0.0.0.0', port: 8080, staticDir: '/x', logLevel: 'silent',
    });
  });

  it.each([['abc'], ['0'], ['70000'], ['3.5']])('refuses PORT=%s with a clear message', (value) => {
    expect(() => loadConfig({ PORT: value }, defaults)).toThrow(new ConfigError(`PORT must be a whole number from 1 to 65535, got "${value}".`));
  });

  it('refuses an unknown LOG_LEVEL', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'loud' }, defaults)).toThrow(/LOG_LEVEL must be one of fatal, error/);
  });
});
