import { afterEach, describe, expect, it } from 'vitest';
import { persistentAtom, setPersistentStorage } from './persistent-atom.ts';
import { memoryStorage } from '../../tests/helpers/memory-storage.ts';

afterEach(() => setPersistentStorage(undefined));

describe('persistentAtom', () => {
  it('touches no storage when created, reads on first use and writes JSON on set', () => {
    const storage = memoryStorage({ filters: JSON.stringify({ hw: { status: 'Принято' } }) });
    setPersistentStorage(storage);
    const $filters = persistentAtom('filters', {});
    expect(storage.reads).toBe(0);
    expect($filters.get()).toEqual({ hw: { status: 'Принято' } });
    $filters.set({ hw: { status: 'Отклонено' } });
    expect(storage.getItem('filters')).toBe('{"hw":{"status":"Отклонено"}}');
  });

  it('falls back to the initial value on missing or broken JSON', () => {
    setPersistentStorage(memoryStorage({ bad: '{oops' }));
    expect(persistentAtom('bad', 1).get()).toBe(1);
    expect(persistentAtom('missing', 2).get()).toBe(2);
  });

  it('removes the key when set to undefined and survives a throwing storage', () => {
    const storage = memoryStorage({ k: '"v"' });
    setPersistentStorage(storage);
    const $k = persistentAtom<string | undefined>('k', undefined);
    $k.set(undefined);
    expect(storage.getItem('k')).toBeNull();
    setPersistentStorage({ getItem: () => null, setItem: () => { throw new Error('quota'); }, removeItem: () => undefined });
    const $q = persistentAtom('q', 0);
    $q.set(5);
    expect($q.get()).toBe(5);
  });

  it('works in memory when there is no storage at all', () => {
    setPersistentStorage(null);
    const $m = persistentAtom('m', 'a');
    $m.set('b');
    expect($m.get()).toBe('b');
  });

  it('finds no localStorage in Node and stays in memory', () => {
    setPersistentStorage(undefined);
    const $n = persistentAtom('n', 1);
    $n.set(3);
    expect($n.get()).toBe(3);
  });
});

describe('persistentAtom in a privacy mode', () => {
  it('stays in memory when reading localStorage throws', () => {
    setPersistentStorage(undefined);
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new Error('SecurityError');
      },
    });
    try {
      const $p = persistentAtom('p', 'a');
      $p.set('b');
      expect($p.get()).toBe('b');
    } finally {
      Reflect.deleteProperty(globalThis, 'localStorage');
    }
  });
});
