import { ApiError } from '#core';
import { afterEach, describe, expect, it } from 'vitest';
import { $toasts, dismissToast } from '../../ui/toasts.tsx';
import { saveOrder, swapped } from './saved-order.ts';

afterEach(() => $toasts.get().forEach((toast) => dismissToast(toast.id)));

describe('saveOrder', () => {
  it('shows the new order and saves it', async () => {
    const shown: (readonly number[])[] = [];
    const saved: (readonly number[])[] = [];
    await saveOrder([1, 2], [2, 1], (list) => shown.push(list), async (list) => saved.push(list));
    expect(shown).toEqual([[2, 1]]);
    expect(saved).toEqual([[2, 1]]);
  });

  it('puts the old order back and says why when the server refuses', async () => {
    const shown: (readonly number[])[] = [];
    await saveOrder([1, 2], [2, 1], (list) => shown.push(list), () => Promise.reject(new ApiError({ status: 400, code: 'X', message: 'Блоки с ID [9] не найдены.' })));
    expect(shown).toEqual([[2, 1], [1, 2]]);
    expect($toasts.get().map((toast) => [toast.text, toast.kind])).toEqual([['Блоки с ID [9] не найдены.', 'error']]);
  });
});

describe('swapped', () => {
  it('swaps two places and leaves the list as it was', () => {
    const list = ['а', 'б', 'в'];
    expect(swapped(list, 0, 1)).toEqual(['б', 'а', 'в']);
    expect(list).toEqual(['а', 'б', 'в']);
  });
});
