import { appMessages, commonMessages, redirectFor, Role } from '#core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, stubApi } from '../../../../tests/helpers/api-stub.ts';
import { errorOf, field, type } from '../../../../tests/helpers/form-queries.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $router } from '../../router.ts';
import ForgotPasswordPage from './forgot-password-page.tsx';
import LoginPage from './login-page.tsx';

const t = appMessages.account;
const DETAIL = 'Если адрес зарегистрирован, мы отправили на него ссылку для сброса пароля.';

function submit() {
  fireEvent.click(screen.getByRole('button', { name: t.forgotSubmit }));
}

describe('ForgotPasswordPage', () => {
  it('is reachable: a route of its own, open when signed out, linked from sign-in', () => {
    $router.open('/forgot-password');
    expect($router.get()?.route).toBe('forgotPassword');
    expect(redirectFor({ pathname: '/forgot-password', auth: false, role: Role.Unknown })).toBeNull();
    render(<LoginPage />);
    expect(screen.getByRole('link', { name: appMessages.login.forgot }).getAttribute('href')).toBe('/forgot-password');
  });

  it("asks anonymously for a link and shows the server's answer", async () => {
    const { sent } = stubApi({ 'POST forgot_password/': () => json({ detail: DETAIL }) });
    render(<ForgotPasswordPage />);
    type(t.email, 'anna@example.ru');
    submit();
    expect((await screen.findByRole('status')).textContent).toBe(DETAIL);
    expect(sent[0]!.body).toEqual({ email: 'anna@example.ru' });
    expect(sent[0]!.headers.get('authorization')).toBeNull();
    expect(screen.queryByRole('button', { name: t.forgotSubmit })).toBeNull();
    expect(screen.getByRole('link', { name: t.backToLogin }).getAttribute('href')).toBe('/login');
  });

  it('shows a busy label while sending', async () => {
    const reply = deferred<Response>();
    stubApi({ 'POST forgot_password/': () => reply.promise });
    render(<ForgotPasswordPage />);
    type(t.email, 'anna@example.ru');
    submit();
    expect(((await screen.findByRole('button', { name: t.forgotSubmitting })) as HTMLButtonElement).disabled).toBe(true);
    reply.resolve(json({ detail: DETAIL }));
    await screen.findByRole('status');
  });

  it('shows a field error under the address and keeps it', async () => {
    stubApi({
      'POST forgot_password/': () => json({ code: 'VALIDATION_ERROR', message: 'Проверьте правильность заполнения полей.', fields: { email: ['Введите корректный адрес электронной почты.'] } }, 400),
    });
    render(<ForgotPasswordPage />);
    type(t.email, 'anna@');
    submit();
    await waitFor(() => expect(errorOf(t.email)).toBe('Введите корректный адрес электронной почты.'));
    expect(field(t.email).value).toBe('anna@');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows other errors above the button and keeps the address', async () => {
    stubApi({ 'POST forgot_password/': () => json({ code: 'INTERNAL_ERROR', message: 'boom' }, 500) });
    render(<ForgotPasswordPage />);
    type(t.email, 'anna@example.ru');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(commonMessages.serverError);
    expect(field(t.email).value).toBe('anna@example.ru');
    expect(errorOf(t.email)).toBeNull();
  });
});
