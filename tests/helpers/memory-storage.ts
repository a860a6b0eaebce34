// An in-memory Web Storage that counts reads, for proving when code touches storage.
export interface MemoryStorage extends Storage {
  reads: number;
}

export function memoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const data = new Map(Object.entries(initial));
  const storage = {
    reads: 0,
    get length() {
      return data.size;
    },
    key: (index: number) => [...data.keys()][index] ?? null,
    getItem(key: string) {
      storage.reads += 1;
      return data.get(key) ?? null;
    },
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    removeItem: (key: string) => void data.delete(key),
    clear: () => data.clear(),
  };
  return storage;
}
