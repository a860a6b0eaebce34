import { ApiError } from '#core';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFormSubmit } from './use-form-submit.ts';

type Field = 'title' | 'link';
const FIELDS: readonly Field[] = ['title', 'link'];

describe('useFormSubmit', () => {
  it('sends nothing while the form finds a wrong field, and says so over the form', async () => {
    const { result } = renderHook(() => useFormSubmit(FIELDS, 'Проверьте поля.'));
    const send = vi.fn(() => Promise.resolve());
    let sent: boolean | undefined;
    await act(async () => {
      sent = await result.current.submit({ title: 'Введите название.' }, send);
    });
    expect(sent).toBe(false);
    expect(send).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({ title: 'Введите название.' });
    expect(result.current.formError).toBe('Проверьте поля.');
  });

  it('is saving while the request runs, then clears the messages', async () => {
    const { result } = renderHook(() => useFormSubmit(FIELDS, 'Проверьте поля.'));
    await act(async () => {
      await result.current.submit({ link: 'Неверная ссылка.' }, () => Promise.resolve());
    });
    let finish!: () => void;
    let running!: Promise<boolean>;
    act(() => {
      running = result.current.submit({}, () => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.saving).toBe(true);
    expect(result.current.errors).toEqual({});
    expect(result.current.formError).toBeNull();
    await act(async () => {
      finish();
      expect(await running).toBe(true);
    });
    expect(result.current.saving).toBe(false);
  });

  it("puts the server's refusals under their fields, renamed ones too, and its message over the form", async () => {
    const { result } = renderHook(() => useFormSubmit(FIELDS, 'Проверьте поля.', { name: 'title' }));
    const refusal = new ApiError({ status: 400, code: 'VALIDATION_ERROR', message: 'Исправьте ошибки.', fields: { name: ['Слишком длинно.'], link: 'Не ссылка.', other: 'Чужое поле.' } });
    let sent: boolean | undefined;
    await act(async () => {
      sent = await result.current.submit({}, () => Promise.reject(refusal));
    });
    expect(sent).toBe(false);
    expect(result.current.errors).toEqual({ title: 'Слишком длинно.', link: 'Не ссылка.' });
    expect(result.current.formError).toBe('Исправьте ошибки.');
    expect(result.current.saving).toBe(false);
  });
});
