import { toApiError } from '#core';
import { showToast } from '../../ui/toasts.tsx';

/**
 * A new order shown at once and then saved: on a refusal the old order comes back and a toast
 * says why (blocks, questions and answers all move this way).
 */
export async function saveOrder<T>(before: readonly T[], next: readonly T[], show: (list: readonly T[]) => void, save: (list: readonly T[]) => Promise<unknown>): Promise<void> {
  show(next);
  try {
    await save(next);
  } catch (error) {
    show(before);
    showToast(toApiError(error).message, 'error');
  }
}

/** `list` with the items at `i` and `j` swapped (a move one place up or down). */
export function swapped<T>(list: readonly T[], i: number, j: number): T[] {
  const next = [...list];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}
