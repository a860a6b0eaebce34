// Spec §9: a list's current page is stored locally on leaving, so coming back from a hand-in's
// check page shows the page it was opened from. Kept per list key under `pages`.
import { persistentAtom } from '#core';

export const $listPages = persistentAtom<Record<string, number>>('pages', {});

/** The page stored for a list, 1 when none (or anything unreadable was stored). */
export function storedPage(key: string): number {
  const value: unknown = $listPages.get()[key];
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : 1;
}

export function storePage(key: string, page: number): void {
  $listPages.set({ ...$listPages.get(), [key]: page });
}
