import { appMessages, commonMessages } from '#core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, stubApi } from '../../../../tests/helpers/api-stub.ts';
import { errorOf, field, type } from '../../../../tests/helpers/form-queries.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import ResetPasswordPage from './reset-password-page.tsx';

const t = appMessages.account;
const VALID = { 'GET token-validate/5/tok-en/': () => json({ email: 'anna@example.ru' }) };
const INVALID = () => json({ code: 'TOKEN_INVALID', message: 'Ссылка недействительна или устарела.' }, 400);

function fill() {
  type(t.newPassword, 'new-secret-1');
  type(t.newPasswordAgain, 'new-secret-1');
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: t.resetSubmit }));
}

describe('ResetPasswordPage', () => {
  it('checks the link first, anonymously, showing a loading state', async () => {
    const reply = deferred<Response>();
    const { sent } = stubApi({ 'GET token-validate/5/tok-en/': () => reply.promise });
    render(<ResetPasswordPage userId="5" token="tok-en" />);
    expect(screen.getByRole('status').textContent).toBe(t.resetChecking);
    expect(sent[0]!.headers.get('authorization')).toBeNull();
    reply.resolve(json({ email: 'anna@example.ru' }));
    expect(await screen.findByText('anna@example.ru')).toBeTruthy();
    expect(field(t.newPassword).type).toBe('password');
  });

  it('says an invalid link is invalid and leads to a new one', async () => {
    stubApi({ 'GET token-validate/5/stale/': INVALID });
    render(<ResetPasswordPage userId="5" token="stale" />);
    expect((await screen.findByRole('alert')).textContent).toBe('Ссылка недействительна или устарела.');
    expect(screen.getByRole('link', { name: t.resetRequestNew }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByLabelText(new RegExp(`^${t.newPassword}`))).toBeNull();
  });

  it('escapes the parts of the link it sends', async () => {
    const { sent } = stubApi({});
    render(<ResetPasswordPage userId="5" token="a/b?c" />);
    await screen.findByRole('alert');
    expect(sent[0]!.path).toBe('token-validate/5/a%2Fb%3Fc/');
  });

  it('offers a retry when the check itself failed', async () => {
    let calls = 0;
    stubApi({ 'GET token-validate/5/tok-en/': () => (++calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : json({ email: 'anna@example.ru' })) });
    render(<ResetPasswordPage userId="5" token="tok-en" />);
    expect((await screen.findByRole('alert')).textContent).toContain(commonMessages.networkError);
    fireEvent.click(screen.getByRole('button', { name: commonMessages.retry }));
    expect(await screen.findByText('anna@example.ru')).toBeTruthy();
  });

  it('sets the new password and leads to sign-in', async () => {
    const { sent } = stubApi({ ...VALID, 'POST password-reset/': () => json({ detail: 'Пароль был успешно изменён.' }) });
    render(<ResetPasswordPage userId="5" token="tok-en" />);
    await screen.findByText('anna@example.ru');
    fill();
    submit();
    expect((await screen.findByRole('status')).textContent).toBe('Пароль был успешно изменён.');
    expect(screen.getByText(t.resetDone)).toBeTruthy();
    expect(screen.getByRole('link', { name: t.toLogin }).getAttribute('href')).toBe('/login');
    const reset = sent.find((r) => r.path === 'password-reset/')!;
    expect(reset.body).toEqual({ user_id: 5, token: 'tok-en', new_password: 'new-secret-1', new_password_again: 'new-secret-1' });
    expect(reset.headers.get('authorization')).toBeNull();
  });

  it('shows a busy label while saving', async () => {
    const reply = deferred<Response>();
    stubApi({ ...VALID, 'POST password-reset/': () => reply.promise });
    render(<ResetPasswordPage userId="5" token="tok-en" />);
    await screen.findByText('anna@example.ru');
    fill();
    submit();
    expect(((await screen.findByRole('button', { name: t.resetSubmitting })) as HTMLButtonElement).disabled).toBe(true);
    reply.resolve(json({ detail: 'ok' }));
    await screen.findByRole('status');
  });

  it('shows field errors under the passwords and keeps both', async () => {
    stubApi({
      ...VALID,
      'POST password-reset/': () =>
        json({ code: 'VALIDATION_ERROR', message: 'Пароль должен быть не короче 8 символов.', fields: { new_password: ['Пароль должен быть не короче 8 символов.'] } }, 400),
    });
    render(<ResetPasswordPage userId="5" token="tok-en" />);
    await screen.findByText('anna@example.ru');
    type(t.newPassword, 'short');
    type(t.newPasswordAgain, 'shorter');
    submit();
    await waitFor(() => expect(errorOf(t.newPassword)).toBe('Пароль должен быть не короче 8 символов.'));
    expect(errorOf(t.newPasswordAgain)).toBeNull();
    expect(field(t.newPassword).value).toBe('short');
    expect(field(t.newPasswordAgain).value).toBe('shorter');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows other errors above the button and keeps the passwords', async () => {
    stubApi({ ...VALID, 'POST password-reset/': () => json({ code: 'RATE_LIMITED', message: 'Слишком много попыток.' }, 429) });
    render(<ResetPasswordPage userId="5" token="tok-en" />);
    await screen.findByText('anna@example.ru');
    fill();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Слишком много попыток.');
    expect(field(t.newPassword).value).toBe('new-secret-1');
    expect(field(t.newPasswordAgain).value).toBe('new-secret-1');
  });

  it('turns to the invalid-link state when the link was spent meanwhile', async () => {
    stubApi({ ...VALID, 'POST password-reset/': INVALID });
    render(<ResetPasswordPage userId="5" token="tok-en" />);
    await screen.findByText('anna@example.ru');
    fill();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(t.resetInvalid);
    expect(screen.getByRole('link', { name: t.resetRequestNew })).toBeTruthy();
  });
});
