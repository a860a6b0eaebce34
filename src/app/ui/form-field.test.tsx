import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormError, FormField, SubmitButton, TextField, type TextFieldProps } from './form-field.tsx';

function Controlled(props: Partial<TextFieldProps>) {
  const [value, setValue] = useState('');
  return <TextField label="Email" name="email" value={value} onChange={setValue} {...props} />;
}

describe('TextField', () => {
  it('is an input named by its label, valid and described by nothing by default', () => {
    render(<Controlled type="email" autoComplete="email" required />);
    const input = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    expect(input.name).toBe('email');
    expect(input.type).toBe('email');
    expect(input.required).toBe(true);
    expect(input.getAttribute('autocomplete')).toBe('email');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    fireEvent.change(input, { target: { value: 'a@b.ru' } });
    expect(input.value).toBe('a@b.ru');
  });

  it('points at its error and hint, the error first, and is marked invalid', () => {
    render(<Controlled error="Введите email." hint="На него придёт письмо." />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const [errorId, hintId] = input.getAttribute('aria-describedby')!.split(' ');
    const error = document.getElementById(errorId!)!;
    expect(error.textContent).toBe('Введите email.');
    expect(error.className).toBe('field-error');
    expect(error.hasAttribute('role')).toBe(false);
    expect(document.getElementById(hintId!)!.textContent).toBe('На него придёт письмо.');
    expect(screen.getByRole('textbox', { name: 'Email' })).toBe(input);
  });

  it('gives two fields of one form ids of their own', () => {
    render(
      <>
        <Controlled />
        <Controlled label="Пароль" name="password" />
      </>,
    );
    const ids = screen.getAllByRole('textbox').map((input) => input.id);
    expect(new Set(ids).size).toBe(2);
  });

  it('takes a fixed id when the page needs one; its error is that id with -error', () => {
    render(<Controlled id="user.email" error="Введите email." />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.id).toBe('user.email');
    expect(input.getAttribute('name')).toBe('email');
    expect(input.getAttribute('aria-describedby')).toBe('user.email-error');
    expect(document.getElementById('user.email-error')!.textContent).toBe('Введите email.');
  });
});

describe('FormField', () => {
  it('ties any control to its label and error', () => {
    const onChange = vi.fn();
    render(
      <FormField label="Роль" error="Выберите роль.">
        {(control) => (
          <select {...control} value="" onChange={onChange}>
            <option value="">—</option>
          </select>
        )}
      </FormField>,
    );
    const select = screen.getByRole('combobox', { name: 'Роль' });
    expect(document.getElementById(select.getAttribute('aria-describedby')!)!.textContent).toBe('Выберите роль.');
  });

  it('gives its control the id it is given', () => {
    render(<FormField label="Роль" id="role">{(control) => <select {...control} />}</FormField>);
    expect(screen.getByRole('combobox', { name: 'Роль' }).id).toBe('role');
  });
});

describe('FormError', () => {
  it('announces the form’s message, and is nothing without one', () => {
    const { rerender, container } = render(<FormError message={null} />);
    expect(container.innerHTML).toBe('');
    rerender(<FormError message="Неверный пароль." />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Неверный пароль.');
    expect(alert.className).toBe('form-error');
  });
});

describe('SubmitButton', () => {
  it('submits its form, and is disabled and says so while the request runs', () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <SubmitButton busy={false} label="Сохранить" busyLabel="Сохранение..." />
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    rerender(
      <form onSubmit={onSubmit}>
        <SubmitButton busy label="Сохранить" busyLabel="Сохранение..." />
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Сохранение...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});
