import { describe, expect, it } from 'vitest';
import {
  UTM_KEYS,
  UTM_STORAGE_KEY,
  captureUtm,
  parseUtm,
  readUtm,
  utmQuery,
  type UtmParams,
  type UtmStorage,
} from './utm.ts';

/** A Storage stand-in holding strings in a Map, as localStorage does. */
function memoryStorage(initial: Record<string, string> = {}): UtmStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, String(value));
    },
  };
}

const failingStorage: UtmStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

describe('constants', () => {
  it('keeps the five keys in redirect order and the spec storage key', () => {
    expect(UTM_KEYS).toEqual(['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content']);
    expect(UTM_STORAGE_KEY).toBe('utmParams');
  });
});

describe('parseUtm', () => {
  it.each<[string, UtmParams | null]>([
    ['', null],
    ['?', null],
    ['?page=2&ref=abc', null],
    ['?utm_source=', null],
    ['?utm_source=%20%20', null],
    ['?utm_id=42', null],
    ['?utm_source=google', { utm_source: 'google' }],
    ['utm_source=google', { utm_source: 'google' }],
    ['?utm_medium=cpc', { utm_medium: 'cpc' }],
    ['?utm_source=ya&utm_medium=&utm_campaign=spring', { utm_source: 'ya', utm_campaign: 'spring' }],
    ['?utm_source=a&utm_source=b', { utm_source: 'a' }],
    ['?utm_term=%D0%BA%D1%83%D1%80%D1%81%D1%8B+python', { utm_term: 'курсы python' }],
    [
      '?x=1&utm_content=banner&utm_term=t&utm_campaign=c&utm_medium=m&utm_source=s&utm_extra=no',
      { utm_source: 's', utm_medium: 'm', utm_campaign: 'c', utm_term: 't', utm_content: 'banner' },
    ],
  ])('%s → %j', (search, expected) => {
    expect(parseUtm(search)).toEqual(expected);
  });
});

describe('readUtm', () => {
  it.each<[string, string | undefined, UtmParams | null]>([
    ['nothing stored', undefined, null],
    ['bad JSON', '{utm_source', null],
    ['JSON null', 'null', null],
    ['JSON array', '["utm_source"]', null],
    ['JSON string', '"utm_source"', null],
    ['no utm keys', '{"a":"b"}', null],
    ['non-string values', '{"utm_source":1,"utm_medium":null}', null],
    ['valid', '{"utm_source":"vk","utm_medium":"post"}', { utm_source: 'vk', utm_medium: 'post' }],
    ['unknown keys dropped', '{"utm_source":"vk","other":"x"}', { utm_source: 'vk' }],
  ])('%s', (_name, stored, expected) => {
    const storage = memoryStorage(stored === undefined ? {} : { [UTM_STORAGE_KEY]: stored });
    expect(readUtm(storage)).toEqual(expected);
  });

  it('returns null when storage access throws', () => {
    expect(readUtm(failingStorage)).toBeNull();
  });
});

describe('captureUtm', () => {
  it('stores the params of a utm URL under utmParams and returns them', () => {
    const storage = memoryStorage();
    const result = captureUtm('?utm_source=google&utm_campaign=spring&page=1', storage);
    expect(result).toEqual({ utm_source: 'google', utm_campaign: 'spring' });
    expect(JSON.parse(storage.data.get(UTM_STORAGE_KEY) ?? '')).toEqual(result);
  });

  it('replaces an earlier capture wholesale', () => {
    const storage = memoryStorage({ [UTM_STORAGE_KEY]: '{"utm_source":"old","utm_term":"t"}' });
    expect(captureUtm('?utm_medium=email', storage)).toEqual({ utm_medium: 'email' });
    expect(readUtm(storage)).toEqual({ utm_medium: 'email' });
  });

  it.each(['', '?page=2', '?utm_source='])('keeps and returns the earlier capture for %j', (search) => {
    const stored = '{"utm_source":"old"}';
    const storage = memoryStorage({ [UTM_STORAGE_KEY]: stored });
    expect(captureUtm(search, storage)).toEqual({ utm_source: 'old' });
    expect(storage.data.get(UTM_STORAGE_KEY)).toBe(stored);
  });

  it('returns null when nothing was ever captured', () => {
    const storage = memoryStorage();
    expect(captureUtm('?a=1', storage)).toBeNull();
    expect(storage.data.size).toBe(0);
  });

  it('still returns the URL params when storage refuses to write', () => {
    expect(captureUtm('?utm_source=x', failingStorage)).toEqual({ utm_source: 'x' });
  });
});

describe('utmQuery', () => {
  it.each<[UtmParams | null | undefined, string]>([
    [null, ''],
    [undefined, ''],
    [{}, ''],
    [{ utm_medium: 'cpc', utm_campaign: 'c' }, ''],
    [{ utm_source: '' }, ''],
    [{ utm_source: 'google' }, '?utm_source=google'],
    [
      { utm_content: 'b', utm_term: 't', utm_campaign: 'c', utm_medium: 'm', utm_source: 's' },
      '?utm_source=s&utm_medium=m&utm_campaign=c&utm_term=t&utm_content=b',
    ],
    [{ utm_source: 'a&b=c', utm_term: 'курсы python' }, '?utm_source=a%26b%3Dc&utm_term=%D0%BA%D1%83%D1%80%D1%81%D1%8B+python'],
    [{ utm_source: 's', utm_medium: '' }, '?utm_source=s'],
  ])('%j → %s', (params, expected) => {
    expect(utmQuery(params)).toBe(expected);
  });

  it('round-trips through parseUtm', () => {
    const params: UtmParams = { utm_source: 'ya direct', utm_medium: 'cpc', utm_content: 'a/b?c' };
    expect(parseUtm(utmQuery(params))).toEqual(params);
  });
});
