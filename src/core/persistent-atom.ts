import { atom, onMount, type WritableAtom } from 'nanostores';

/** The part of Web Storage a persistent store needs. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

// Resolved on first use, never at import: core must not touch the DOM while being imported
// (@nanostores/persistent reads localStorage as soon as a store is created, hence this module).
let storage: KeyValueStorage | null | undefined;

function currentStorage(): KeyValueStorage | null {
  if (storage === undefined) {
    try {
      storage = typeof localStorage === 'undefined' ? null : localStorage;
    } catch {
      storage = null; // privacy modes throw on access
    }
  }
  return storage;
}

/** Points every persistent store at another storage (tests, or null for memory only). */
export function setPersistentStorage(next: KeyValueStorage | null | undefined): void {
  storage = next;
}

function read<T>(key: string, fallback: T): T {
  const raw = currentStorage()?.getItem(key);
  if (raw === null || raw === undefined) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

/**
 * A nanostores atom kept as JSON under `key` in local storage: read when the store is first used,
 * written on every set, and refreshed when another tab changes the key.
 */
export function persistentAtom<T>(key: string, initial: T): WritableAtom<T> {
  const store = atom<T>(initial);
  const setValue = store.set.bind(store);

  store.set = (value: T) => {
    const target = currentStorage();
    try {
      if (value === undefined) target?.removeItem(key);
      else target?.setItem(key, JSON.stringify(value));
    } catch {
      // A full or blocked storage must not break the app; the value still lives in memory.
    }
    setValue(value);
  };

  onMount(store, () => {
    // A key missing from storage keeps the value in memory (storage may be full or absent).
    setValue(read(key, store.value as T));
    if (typeof window === 'undefined') return undefined;
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) setValue(read(key, initial));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  });

  return store;
}
