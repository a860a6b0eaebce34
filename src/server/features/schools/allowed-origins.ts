import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { schoolDomains } from './tables.ts';

const CACHE_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * Which origins may call the private API with credentials: the platform's own (PUBLIC_URL and
 * CORS_ORIGINS) and a school's verified custom domain, over https (or over http while the
 * platform itself runs on http, as a local demo does). Lookups are cached for a minute.
 */
export function createOriginCheck(ctx: AppContext, clock: () => number = Date.now): (origin: string) => Promise<boolean> {
  const fixed = new Set([ctx.config.publicUrl, ...ctx.config.corsOrigins].map((origin) => origin.replace(/\/+$/, '').toLowerCase()));
  const schemes = ctx.config.publicUrl.startsWith('https:') ? ['https:'] : ['https:', 'http:'];
  const cache = new Map<string, { allowed: boolean; at: number }>();

  return async (raw) => {
    const origin = raw.toLowerCase();
    if (fixed.has(origin)) return true;
    const cached = cache.get(origin);
    if (cached && clock() - cached.at < CACHE_MS) return cached.allowed;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    let allowed = false;
    if (schemes.includes(url.protocol) && url.origin === origin) {
      const [row] = await ctx.db
        .select({ id: schoolDomains.id })
        .from(schoolDomains)
        .where(and(eq(schoolDomains.domainName, url.hostname), eq(schoolDomains.verified, true)));
      allowed = Boolean(row);
    }
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(origin, { allowed, at: clock() });
    return allowed;
  };
}
