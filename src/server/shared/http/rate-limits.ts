import type { App } from '../../context.ts';

// Per IP and minute; RATE_LIMIT=0 lifts the limits (load tests), never the default.
export const limits = (app: App, max: number) => ({ rateLimit: { max: app.ctx.config.rateLimit ? max : 1_000_000, timeWindow: '1 minute' } });
/** Route config of a call made without a session (sign-in, refresh, emailed links): limited, bearer ignored. */
export const anonymous = (app: App, max: number) => ({ ...limits(app, max), bearer: 'ignored' as const });
