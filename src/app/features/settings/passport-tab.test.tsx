import { Role, resetUser, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { uploadOperation } from '../../ui/upload-with-progress.ts';
import PassportTab from './passport-tab.tsx';
import type { SchoolBranding, SchoolDocument } from './school-settings-api.ts';

vi.mock('../../ui/upload-with-progress.ts', () => ({ uploadOperation: vi.fn() }));

const branding = (own: Partial<SchoolBranding> = {}): SchoolBranding => ({
  school: 1,
  accent_color: null,
  accent_text_color: null,
  logo_file: null,
  logo: null,
  full_organization_name: 'ООО «Альфа»',
  unp: '191234567',
  address: 'Минск',
  email: 'info@alpha.by',
  phone: '+375 29 123-45-67',
  ...own,
});
const documents = (own: Partial<SchoolDocument> = {}): SchoolDocument => ({ school: 1, user: 1, stamp_file: null, stamp: null, signature_file: null, signature: null, ...own });
const refuse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  resetUser();
  signIn({ access: 'token-1', refresh: 'r', userId: 1, email: 'admin@alpha.ru' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(uploadOperation).mockReset();
});

const tab = () => render(<PassportTab school="Alpha" role={Role.Admin} />);

describe('PassportTab', () => {
  it('shows the legal details and the stamp and signature', async () => {
    stubApi({ 'GET Alpha/school_branding/': () => json(branding()), 'GET Alpha/school_document/': () => json(documents({ stamp_file: 4, stamp: 'http://x/api/files/4/s.png?t=1' })) });
    tab();
    expect(((await screen.findByLabelText('Полное наименование организации')) as HTMLInputElement).value).toBe('ООО «Альфа»');
    expect((screen.getByLabelText('УНП / ИНН') as HTMLInputElement).value).toBe('191234567');
    expect((screen.getByLabelText('Телефон') as HTMLInputElement).value).toBe('+375 29 123-45-67');
    expect(screen.getByRole('img', { name: 'Печать' }).getAttribute('src')).toBe('http://x/api/files/4/s.png?t=1');
    expect(within(screen.getByRole('group', { name: 'Подпись' })).getByText('Не загружено.')).toBeTruthy();
  });

  it('saves the details, then the uploaded signature, and says so', async () => {
    const { sent } = stubApi({
      'GET Alpha/school_branding/': () => json(branding()),
      'GET Alpha/school_document/': () => json(documents()),
      'PATCH Alpha/school_branding/': () => json(branding({ address: 'Минск, ул. Новая, 2' })),
      'PATCH Alpha/school_document/': () => json(documents({ signature_file: 8, signature: 'http://x/api/files/8/p.png?t=1' })),
    });
    vi.mocked(uploadOperation<'POST {school}/files/'>).mockResolvedValue({ id: 8, kind: 'picture', course_id: null, lesson_id: null, name: 'p.png', mime: 'image/png', bytes: 3, url: 'http://x/api/files/8/p.png?t=1', created_at: '2026-11-29T00:00:00Z' });
    tab();
    fireEvent.change(await screen.findByLabelText('Юридический адрес'), { target: { value: ' Минск, ул. Новая, 2 ' } });
    fireEvent.change(screen.getByLabelText('Загрузить подпись'), { target: { files: [new File(['png'], 'sign.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByRole('img', { name: 'Подпись' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Настройки сохранены')).toBeTruthy();
    expect(sent.find((r) => r.method === 'PATCH' && r.path === 'Alpha/school_branding/')!.body).toEqual({
      full_organization_name: 'ООО «Альфа»',
      unp: '191234567',
      address: 'Минск, ул. Новая, 2',
      email: 'info@alpha.by',
      phone: '+375 29 123-45-67',
    });
    expect(sent.find((r) => r.method === 'PATCH' && r.path === 'Alpha/school_document/')!.body).toEqual({ stamp_file: null, signature_file: 8 });
  });

  it('checks the tax id and email before sending, and shows the server’s refusal under the phone', async () => {
    const { sent } = stubApi({
      'GET Alpha/school_branding/': () => json(branding()),
      'GET Alpha/school_document/': () => json(documents()),
      'PATCH Alpha/school_branding/': () => refuse(400, { code: 'VALIDATION_ERROR', message: 'Введите номер телефона цифрами, например +375 29 123-45-67.', fields: { phone: ['Введите номер телефона цифрами, например +375 29 123-45-67.'] } }),
    });
    tab();
    const unp = await screen.findByLabelText('УНП / ИНН');
    fireEvent.change(unp, { target: { value: '12345' } });
    fireEvent.change(screen.getByLabelText('Электронная почта'), { target: { value: 'нет' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Введите корректный адрес электронной почты.')).toBeTruthy();
    expect(unp.getAttribute('aria-invalid')).toBe('true');
    expect(sent.some((r) => r.method === 'PATCH')).toBe(false);
    fireEvent.change(unp, { target: { value: '191234567' } });
    fireEvent.change(screen.getByLabelText('Электронная почта'), { target: { value: 'a@b.by' } });
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: 'звоните' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const phone = screen.getByLabelText('Телефон');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect((phone as HTMLInputElement).value).toBe('звоните');
    expect(sent.some((r) => r.path === 'Alpha/school_document/' && r.method === 'PATCH')).toBe(false);
  });
});
