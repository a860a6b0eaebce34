import { resetUser } from '#core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import CreateSchoolPage from './create-school-page.tsx';

const refusal = {
  code: 'VALIDATION_ERROR',
  message: 'Проверьте правильность заполнения полей.',
  fields: { school_name: ['Школа с таким названием уже существует.'], email: ['Введите правильный адрес электронной почты.'], password_confirmation: ['Пароли не совпадают.'] },
};

beforeEach(() => resetUser());

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const errorOf = (name: string) => document.getElementById(`${name}-error`)?.textContent ?? null;

async function refused() {
  const { sent } = stubApi({ 'POST register-school-owner/': () => json(refusal, 400) });
  render(<CreateSchoolPage />);
  for (const [name, value] of [['school_name', 'Альфа'], ['email', 'bad'], ['password', 'Secret-pass-1'], ['password_confirmation', 'Secret-pass-2']]) {
    fireEvent.change(input(name!), { target: { value } });
  }
  fireEvent.click(screen.getByRole('button', { name: 'Создать школу' }));
  await waitFor(() => expect(errorOf('email')).toBe('Введите правильный адрес электронной почты.'));
  expect(sent).toHaveLength(1);
}

describe('creating a school: errors of fixed fields', () => {
  it("go from a field as soon as it changes, and only from that field", async () => {
    await refused();
    expect(errorOf('school_name')).toBe('Школа с таким названием уже существует.');
    fireEvent.change(input('school_name'), { target: { value: 'Альфа Плюс' } });
    expect(errorOf('school_name')).toBeNull();
    expect(input('school_name').getAttribute('aria-invalid')).toBe('false');
    expect(input('school_name').getAttribute('aria-describedby')).toBeNull();
    // The others keep theirs until they change.
    expect(errorOf('email')).toBe('Введите правильный адрес электронной почты.');
    expect(input('email').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input('email'), { target: { value: 'owner@example.ru' } });
    expect(errorOf('email')).toBeNull();
    expect(errorOf('password_confirmation')).toBe('Пароли не совпадают.');
  });

  it('clear the mismatch from either password, and then leave no stale form-wide message', async () => {
    await refused();
    fireEvent.change(input('school_name'), { target: { value: 'Альфа Плюс' } });
    fireEvent.change(input('email'), { target: { value: 'owner@example.ru' } });
    fireEvent.change(input('password'), { target: { value: 'Secret-pass-2' } });
    expect(errorOf('password_confirmation')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  });

  it('still shows an error that belongs to no field', async () => {
    stubApi({ 'POST register-school-owner/': () => json({ code: 'SCHOOL_LIMIT', message: 'Слишком много школ.', fields: { non_field_errors: ['Слишком много школ.'] } }, 400) });
    render(<CreateSchoolPage />);
    fireEvent.change(input('school_name'), { target: { value: 'Альфа' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать школу' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Слишком много школ.');
  });
});
