/**
 * UTM capture (spec §2): utm_* query parameters are collected on load and stored locally under
 * utmParams; the not-logged-in redirect to the initial page carries them when utm_source was
 * captured. Storage is passed in so that nothing here touches browser globals.
 */

/** The keys we keep, in the order the redirect writes them. */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type UtmParams = Partial<Record<UtmKey, string>>;

export const UTM_STORAGE_KEY = 'utmParams';

/** The part of Storage (localStorage) used here; spelled out so core needs no DOM types. */
export interface UtmStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Keeps only known keys with non-blank string values; null when none is left. */
function pickUtm(get: (key: UtmKey) => unknown): UtmParams | null {
  const params: UtmParams = {};
  let found = false;
  for (const key of UTM_KEYS) {
    const value = get(key);
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (trimmed === '') continue;
    params[key] = trimmed;
    found = true;
  }
  return found ? params : null;
}

/** `?utm_source=x&foo=1` → `{utm_source: 'x'}`; null when no known utm_* key has a value. */
export function parseUtm(search: string): UtmParams | null {
  const query = new URLSearchParams(search);
  return pickUtm((key) => query.get(key));
}

/** Reads the stored capture; anything unreadable (no storage, bad JSON, wrong shape) is null. */
export function readUtm(storage: Pick<UtmStorage, 'getItem'>): UtmParams | null {
  let raw: string | null;
  try {
    raw = storage.getItem(UTM_STORAGE_KEY);
  } catch {
    return null; // storage disabled by the browser
  }
  if (raw === null) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  return pickUtm((key) => record[key]);
}

/**
 * Stores the URL's utm params (replacing an earlier capture) and returns them. A URL without utm
 * params keeps the earlier capture, which is returned instead.
 */
export function captureUtm(search: string, storage: UtmStorage): UtmParams | null {
  const params = parseUtm(search);
  if (!params) return readUtm(storage);
  try {
    storage.setItem(UTM_STORAGE_KEY, JSON.stringify(params));
  } catch {
    // Quota or private mode: the redirect can still use this page's params.
  }
  return params;
}

/** `?utm_source=…&utm_medium=…` in UTM_KEYS order, or '' unless utm_source is present. */
export function utmQuery(params: UtmParams | null | undefined): string {
  if (!params?.utm_source) return '';
  const query = new URLSearchParams();
  for (const key of UTM_KEYS) {
    const value = params[key];
    if (value) query.append(key, value);
  }
  return `?${query.toString()}`;
}
