import { resetUser, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $toasts } from '../../ui/toasts.tsx';
import { EmployeeInvitations } from './employee-invitations.tsx';

const invitation = (id: number, email: string, role = 'Teacher') => ({ invitation_id: id, email, role, created_at: '2026-11-20T10:00:00Z', expires_at: '2026-11-27T10:00:00Z' });
const page = (...rows: unknown[]) => json({ count: rows.length, results: rows });
const rowOf = (email: string) => screen.getByRole('rowheader', { name: email }).closest('tr')!;

beforeEach(() => {
  resetUser();
  $toasts.set([]);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'admin@school.ru' });
});

describe('EmployeeInvitations', () => {
  it('lists the pending invitations with their role and dates', async () => {
    stubApi({ 'GET Alpha/invitations/': () => page(invitation(1, 'teacher@new.ru'), invitation(2, 'admin@new.ru', 'Admin')) });
    render(<EmployeeInvitations school="Alpha" version={0} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Приглашения, ожидающие ответа' })).toBeTruthy();
    await screen.findByRole('rowheader', { name: 'teacher@new.ru' });
    const table = screen.getByRole('table', { name: 'Приглашения' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Email', 'Роль', 'Отправлено', 'Действует до', 'Действия']);
    expect(within(rowOf('admin@new.ru')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Администратор', '20.11.2026', '27.11.2026', 'Отозвать']);
  });

  it('says so when none is pending, and reads again when a new one was sent', async () => {
    let rows: unknown[] = [];
    stubApi({ 'GET Alpha/invitations/': () => page(...rows) });
    const { rerender } = render(<EmployeeInvitations school="Alpha" version={0} />);
    expect(await screen.findByText('Нет приглашений, ожидающих ответа.')).toBeTruthy();
    rows = [invitation(3, 'fresh@new.ru')];
    rerender(<EmployeeInvitations school="Alpha" version={1} />);
    expect(await screen.findByRole('rowheader', { name: 'fresh@new.ru' })).toBeTruthy();
  });

  it('revokes an invitation after a confirmation', async () => {
    let rows = [invitation(1, 'teacher@new.ru'), invitation(2, 'admin@new.ru', 'Admin')];
    const { sent } = stubApi({
      'GET Alpha/invitations/': () => page(...rows),
      'DELETE Alpha/invitations/2/': () => {
        rows = rows.filter((row) => row.invitation_id !== 2);
        return new Response(null, { status: 204 });
      },
    });
    render(<EmployeeInvitations school="Alpha" version={0} />);
    await screen.findByRole('rowheader', { name: 'admin@new.ru' });
    fireEvent.click(within(rowOf('admin@new.ru')).getByRole('button', { name: 'Отозвать приглашение: admin@new.ru' }));
    const dialog = screen.getByRole('dialog', { name: 'Отозвать приглашение?' });
    expect(within(dialog).getByText('Ссылка из письма для admin@new.ru перестанет работать.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(within(rowOf('admin@new.ru')).getByRole('button', { name: 'Отозвать приглашение: admin@new.ru' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Отозвать' }));
    // The list is read again: the revoked one is gone.
    await waitFor(() => expect(sent.filter((request) => request.method === 'GET')).toHaveLength(2));
    expect(await screen.findByRole('rowheader', { name: 'teacher@new.ru' })).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: 'admin@new.ru' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect($toasts.get().map((toast) => toast.text)).toEqual(['Приглашение отозвано.']);
  });

  it('shows a refused revocation and a failed list with a retry', async () => {
    let calls = 0;
    stubApi({
      'GET Alpha/invitations/': () => (++calls === 1 ? json({ code: 'DOWN', message: 'x' }, 503) : page(invitation(1, 'teacher@new.ru'))),
      'DELETE Alpha/invitations/1/': () => json({ code: 'INVITATION_NOT_FOUND', message: 'Приглашение не найдено или устарело.' }, 404),
    });
    render(<EmployeeInvitations school="Alpha" version={0} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Повторить' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Отозвать приглашение: teacher@new.ru' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Отозвать' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Приглашение не найдено или устарело.');
    expect(screen.getByRole('rowheader', { name: 'teacher@new.ru' })).toBeTruthy();
  });
});
