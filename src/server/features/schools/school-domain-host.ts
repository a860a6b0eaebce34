import { and, eq } from 'drizzle-orm';
import { isIP } from 'node:net';
import type { AppContext } from '../../context.ts';
import { schools } from '../../shared/db/core-tables.ts';
import { schoolDomains } from './tables.ts';

/** The school a verified custom domain serves: what the app's first page needs to show it. */
export interface HostSchool {
  name: string;
  title: string;
}

const CACHE_MS = 30_000;
const MAX_ENTRIES = 10_000;

interface HostCache {
  entries: Map<string, { school: HostSchool | null; at: number }>;
  own: Set<string>;
}
const caches = new WeakMap<AppContext, HostCache>();

function cacheOf(ctx: AppContext): HostCache {
  let cache = caches.get(ctx);
  if (!cache) {
    const own = new Set([ctx.config.host.toLowerCase(), 'localhost']);
    for (const origin of [ctx.config.publicUrl, ...ctx.config.corsOrigins]) {
      try {
        own.add(new URL(origin).hostname.toLowerCase());
      } catch {
        // not a URL
      }
    }
    caches.set(ctx, (cache = { entries: new Map(), own }));
  }
  return cache;
}

/**
 * The school whose verified domain `hostname` is (the request's Host without its port), or null:
 * the platform's own hosts and addresses are never looked up, and answers, found or not, are kept
 * for 30 s, so a page load costs no query and a flood of made-up hosts at most one each.
 */
export async function schoolByHost(ctx: AppContext, hostname: string | undefined): Promise<HostSchool | null> {
  const host = (hostname ?? '').toLowerCase().replace(/\.$/, '');
  const cache = cacheOf(ctx);
  if (!host || host.length > 253 || cache.own.has(host) || isIP(host.replace(/^\[|\]$/g, '')) !== 0 || !/^[a-z0-9.-]+$/.test(host)) return null;
  const now = Date.now();
  const hit = cache.entries.get(host);
  if (hit && now - hit.at < CACHE_MS) return hit.school;
  const [row] = await ctx.db
    .select({ name: schools.name, title: schools.title })
    .from(schoolDomains)
    .innerJoin(schools, eq(schools.id, schoolDomains.schoolId))
    .where(and(eq(schoolDomains.domainName, host), eq(schoolDomains.verified, true)));
  if (cache.entries.size >= MAX_ENTRIES) cache.entries.clear();
  const school = row ?? null;
  cache.entries.set(host, { school, at: now });
  return school;
}

/** A domain was verified, changed or removed: this process answers for it anew at once. */
export function forgetHost(ctx: AppContext, domain: string): void {
  caches.get(ctx)?.entries.delete(domain);
}
