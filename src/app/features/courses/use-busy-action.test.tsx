import { ApiError } from '#core';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { $toasts, dismissToast } from '../../ui/toasts.tsx';
import { useBusyAction } from './use-busy-action.ts';

afterEach(() => $toasts.get().forEach((toast) => dismissToast(toast.id)));

describe('useBusyAction', () => {
  it('is busy while the action runs', async () => {
    const { result } = renderHook(() => useBusyAction());
    let finish!: () => void;
    let running!: Promise<void>;
    act(() => {
      running = result.current[1](() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current[0]).toBe(true);
    await act(async () => {
      finish();
      await running;
    });
    expect(result.current[0]).toBe(false);
    expect($toasts.get()).toEqual([]);
  });

  it("turns a failure into an error toast with the server's message, and never rejects", async () => {
    const { result } = renderHook(() => useBusyAction());
    await act(() => result.current[1](() => Promise.reject(new ApiError({ status: 400, code: 'X', message: 'Блок не найден.' }))));
    expect(result.current[0]).toBe(false);
    expect($toasts.get().map((toast) => [toast.text, toast.kind])).toEqual([['Блок не найден.', 'error']]);
  });
});
