import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, dismissToast, showToast, TOAST_MS, ToastRegion } from './toasts.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  for (const toast of $toasts.get()) dismissToast(toast.id);
  vi.useRealTimers();
});

const region = () => screen.getByRole('status', { name: 'Уведомления' });

describe('toasts', () => {
  it('is a polite live region, there before any toast so that what is added to it is announced', () => {
    render(<ToastRegion />);
    expect(region().getAttribute('aria-live')).toBe('polite');
    expect(region().className).toBe('toast-region');
    expect(within(region()).queryByRole('listitem')).toBeNull();
  });

  it('lists the toasts in order; an error is an alert, a success is not', () => {
    render(<ToastRegion />);
    act(() => {
      showToast('Курс сохранён.');
      showToast('Не удалось удалить урок.', 'error');
    });
    const items = within(region()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Курс сохранён.×', 'Не удалось удалить урок.×']);
    expect(items.map((item) => item.className)).toEqual(['toast success', 'toast error']);
    expect(screen.getByRole('alert').textContent).toBe('Не удалось удалить урок.');
  });

  it('closes a toast on its button', () => {
    render(<ToastRegion />);
    act(() => {
      showToast('Первый');
      showToast('Второй');
    });
    fireEvent.click(within(screen.getByText('Первый').closest('li')!).getByRole('button', { name: 'Закрыть уведомление' }));
    expect(within(region()).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Второй×']);
  });

  it('closes each toast after its own five seconds', () => {
    render(<ToastRegion />);
    act(() => void showToast('Первый'));
    act(() => void vi.advanceTimersByTime(2000));
    act(() => void showToast('Второй', 'error'));
    act(() => void vi.advanceTimersByTime(TOAST_MS - 2001));
    expect($toasts.get().map((toast) => toast.text)).toEqual(['Первый', 'Второй']);
    act(() => void vi.advanceTimersByTime(1));
    expect(within(region()).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Второй×']);
    act(() => void vi.advanceTimersByTime(2000));
    expect(within(region()).queryByRole('listitem')).toBeNull();
    expect(TOAST_MS).toBe(5000);
  });

  it('gives each toast its own id; dismissing one by id leaves no timer behind', () => {
    const first = showToast('Один');
    const second = showToast('Два');
    expect(second).not.toBe(first);
    dismissToast(first);
    expect($toasts.get().map((toast) => toast.id)).toEqual([second]);
    dismissToast(second);
    expect(vi.getTimerCount()).toBe(0);
  });
});
