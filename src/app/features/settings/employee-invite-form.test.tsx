import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { EmployeeInviteForm } from './employee-invite-form.tsx';

const invitation = { invitation_id: 3, email: 'new@school.ru', role: 'Admin', created_at: '2026-11-20T10:00:00Z', expires_at: '2026-11-27T10:00:00Z' };
const emailField = () => screen.getByLabelText<HTMLInputElement>('Email сотрудника');

describe('EmployeeInviteForm', () => {
  it('invites by email with the chosen role and says where the invitation went', async () => {
    const answer = deferred<Response>();
    const { sent } = stubApi({ 'POST invite/': () => answer.promise });
    const onInvited = vi.fn();
    render(<EmployeeInviteForm school="Alpha" onInvited={onInvited} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Пригласить сотрудника' })).toBeTruthy();
    const role = screen.getByLabelText<HTMLSelectElement>('Роль');
    expect(Array.from(role.options).map((option) => [option.value, option.text])).toEqual([
      ['Admin', 'Администратор'],
      ['Teacher', 'Преподаватель'],
    ]);
    expect(role.value).toBe('Teacher');
    fireEvent.change(emailField(), { target: { value: '  new@school.ru ' } });
    fireEvent.change(role, { target: { value: 'Admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Пригласить' }));
    expect(await screen.findByRole('button', { name: 'Отправка...' })).toHaveProperty('disabled', true);
    answer.resolve(json(invitation, 201));
    expect(await screen.findByText('Приглашение отправлено на new@school.ru.')).toBeTruthy();
    expect(sent[0]).toMatchObject({ method: 'POST', path: 'invite/', body: { school: 'Alpha', email: 'new@school.ru', role: 'Admin' } });
    expect(onInvited).toHaveBeenCalledOnce();
    expect(emailField().value).toBe('');
  });

  it('checks the address before sending: empty, then malformed', async () => {
    const { sent } = stubApi({});
    render(<EmployeeInviteForm school="Alpha" onInvited={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Пригласить' }));
    expect(screen.getByText('Введите адрес электронной почты.')).toBeTruthy();
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(emailField(), { target: { value: 'new@school' } });
    fireEvent.click(screen.getByRole('button', { name: 'Пригласить' }));
    expect(screen.getByText('Введите корректный адрес электронной почты.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusal under the field, or for the whole form', async () => {
    let calls = 0;
    stubApi({
      'POST invite/': () =>
        ++calls === 1
          ? json({ code: 'ALREADY_MEMBER', message: 'Пользователь уже состоит в этой школе.', fields: { email: ['Пользователь уже состоит в этой школе.'] } }, 400)
          : json({ code: 'STAFF_LIMIT', message: 'Тариф школы не позволяет добавить ещё сотрудника.' }, 403),
    });
    const onInvited = vi.fn();
    render(<EmployeeInviteForm school="Alpha" onInvited={onInvited} />);
    fireEvent.change(emailField(), { target: { value: 'member@school.ru' } });
    fireEvent.click(screen.getByRole('button', { name: 'Пригласить' }));
    await waitFor(() => expect(emailField().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Пользователь уже состоит в этой школе.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Пригласить' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Тариф школы не позволяет добавить ещё сотрудника.');
    expect(emailField().value).toBe('member@school.ru');
    expect(onInvited).not.toHaveBeenCalled();
  });
});
