// The app shell holds the one toast region, outside the page: a toast outlives the page that showed it.
import { $school, appMessages, INITIAL_SCHOOL, resetUser } from '#core';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../tests/helpers/api-stub.ts';
import { App } from './app.tsx';
import { $router } from './router.ts';
import { $toasts, dismissToast, showToast } from './ui/toasts.tsx';

const t = appMessages.account;

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  stubApi({});
});

afterEach(() => {
  for (const toast of $toasts.get()) dismissToast(toast.id);
});

describe('the toast region', () => {
  it('is in the app once, and a toast stays while the page changes', async () => {
    $router.open('/signup');
    render(<App />);
    await screen.findByRole('heading', { level: 1, name: t.signupTitle });
    expect(screen.getAllByRole('status', { name: 'Уведомления' })).toHaveLength(1);
    act(() => void showToast('Письмо отправлено.'));
    act(() => $router.open('/forgot-password'));
    await screen.findByRole('heading', { level: 1, name: t.forgotTitle });
    const region = screen.getByRole('status', { name: 'Уведомления' });
    expect(within(region).getByRole('listitem').textContent).toBe('Письмо отправлено.×');
  });
});
