import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFrom, toApiError } from './api-error.ts';
import { commonMessages } from './messages.ts';

describe('apiErrorFrom', () => {
  it('keeps the server code, message and field errors', () => {
    const error = apiErrorFrom(400, { code: 'VALIDATION', message: 'Проверьте поля', fields: { email: ['Неверный email'], name: 'Пусто' } });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION', message: 'Проверьте поля' });
    expect(error.fieldMessage('email')).toBe('Неверный email');
    expect(error.fieldMessage('name')).toBe('Пусто');
    expect(error.fieldMessage('other')).toBeUndefined();
  });

  it("gives a form the first message of each of its fields, under the form's names", () => {
    const error = apiErrorFrom(400, { code: 'VALIDATION', message: 'Проверьте поля', fields: { email: ['Неверный email', 'Занят'], name: 'Пусто', other: 'Не из формы' } });
    expect(error.fieldMessages(['email', 'phone'])).toEqual({ email: 'Неверный email' });
    expect(error.fieldMessages(['email', 'header_name'], { name: 'header_name' })).toEqual({ email: 'Неверный email', header_name: 'Пусто' });
  });

  it.each([
    [0, 'NETWORK_ERROR', commonMessages.networkError],
    [403, 'HTTP_403', commonMessages.accessDenied],
    [404, 'HTTP_404', commonMessages.notFound],
    [409, 'HTTP_409', commonMessages.unexpectedError],
    [502, 'HTTP_502', commonMessages.serverError],
    [507, 'HTTP_507', commonMessages.serverError],
  ])('status %i without a body → %s', (status, code, message) => {
    expect(apiErrorFrom(status, 'plain text')).toMatchObject({ status, code, message, fields: undefined });
  });

  it('never shows a 5xx message from the body', () => {
    expect(apiErrorFrom(500, { code: 'INTERNAL', message: 'stack trace at db.ts:12' }).message).toBe(commonMessages.serverError);
    // Except our own full-disk answer, which says what the user needs to know.
    const full = 'На сервере закончилось место. Попробуйте позже.';
    expect(apiErrorFrom(507, { code: 'INSUFFICIENT_STORAGE', message: full })).toMatchObject({ code: 'INSUFFICIENT_STORAGE', message: full });
    expect(apiErrorFrom(507, { code: 'OTHER', message: 'disk /var/lib full' }).message).toBe(commonMessages.serverError);
  });
});

describe('toApiError', () => {
  it('maps a fetch error with status and data', () => {
    expect(toApiError({ status: 401, data: { code: 'TOKEN_EXPIRED', message: 'Сессия истекла' } })).toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
  });
  it('passes an ApiError through', () => {
    const error = apiErrorFrom(404, null);
    expect(toApiError(error)).toBe(error);
  });
  it('maps an abort', () => {
    expect(toApiError({ name: 'AbortError' }).code).toBe('ABORTED');
  });
  it('maps a network failure', () => {
    expect(toApiError(new TypeError('fetch failed'))).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
