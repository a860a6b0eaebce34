import { filtersMessages } from '../messages.ts';
import { persistentAtom } from '../persistent-atom.ts';

export type FilterValues = Record<string, string>;

/** Filters per screen key, persisted under `filters`. Homework status defaults to 'Все статусы'. */
export const DEFAULT_FILTERS: Readonly<Record<string, FilterValues>> = {
  homework: { status: filtersMessages.allStatuses },
};

export const $filters = persistentAtom<Record<string, FilterValues>>('filters', DEFAULT_FILTERS);

export function getFilters(key: string): FilterValues {
  return { ...DEFAULT_FILTERS[key], ...$filters.get()[key] };
}

export function setFilter(key: string, name: string, value: string): void {
  const all = $filters.get();
  $filters.set({ ...all, [key]: { ...getFilters(key), [name]: value } });
}

export function resetFilters(key: string): void {
  const all = $filters.get();
  $filters.set({ ...all, [key]: { ...DEFAULT_FILTERS[key] } });
}
