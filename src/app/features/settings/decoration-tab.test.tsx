import { $school, Role, resetUser, selectSchool, signIn } from '#core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import DecorationTab from './decoration-tab.tsx';
import type { SchoolBranding } from './school-settings-api.ts';

const branding = (own: Partial<SchoolBranding> = {}): SchoolBranding => ({
  school: 1,
  accent_color: null,
  accent_text_color: null,
  logo_file: null,
  logo: null,
  full_organization_name: '',
  unp: '',
  address: '',
  email: '',
  phone: '',
  ...own,
});
const refuse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  resetUser();
  signIn({ access: 'token-1', refresh: 'r', userId: 1, email: 'admin@alpha.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: 3 });
});
afterEach(() => vi.unstubAllGlobals());

const tab = () => render(<DecorationTab school="Alpha" role={Role.Admin} />);

describe('DecorationTab', () => {
  it('shows the colours with a sample painted in them, the platform colour where none is set', async () => {
    stubApi({ 'GET Alpha/school_branding/': () => json(branding({ accent_color: '#1557b0' })) });
    const { container } = tab();
    expect(((await screen.findByRole('textbox', { name: 'Основной цвет' })) as HTMLInputElement).value).toBe('#1557b0');
    expect((screen.getByRole('textbox', { name: 'Цвет текста на кнопках' }) as HTMLInputElement).placeholder).toBe('#ffffff');
    const sample = container.querySelector<HTMLElement>('.decoration-sample')!;
    expect(sample.style.getPropertyValue('--ch-accent')).toBe('#1557b0');
    expect(sample.style.getPropertyValue('--ch-accent-contrast')).toBe('#ffffff');
    expect(container.querySelector('.form-warning')).toBeNull();
  });

  it('warns when a chosen colour does not read and shows the one the school will be painted in (issue 25)', async () => {
    stubApi({ 'GET Alpha/school_branding/': () => json(branding()) });
    const { container } = tab();
    // The platform's own colours read: no warning.
    expect((await screen.findByRole('textbox', { name: 'Основной цвет' }) as HTMLInputElement).placeholder).toBe('#9124ff');
    expect(container.querySelector('.form-warning')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Основной цвет' }), { target: { value: '#BA75FF' } });
    expect(screen.getByText('Цвет #ba75ff плохо читается на светлом фоне: текст этого цвета в школе будет показан как #9933ff.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Цвет текста на кнопках' }), { target: { value: '#000000' } });
    expect(screen.getByText('Цвет #000000 плохо читается на основном цвете: текст на кнопках будет показан как #f5f5f5.')).toBeTruthy();
    const sample = container.querySelector<HTMLElement>('.decoration-sample')!;
    expect(sample.style.getPropertyValue('--ch-accent')).toBe('#9933ff');
    expect(sample.style.getPropertyValue('--ch-accent-contrast')).toBe('#f5f5f5');
  });

  it('saves the colours, says so, and repaints the school area through the school state', async () => {
    const { sent } = stubApi({
      'GET Alpha/school_branding/': () => json(branding({ accent_color: '#1a73e8' })),
      'PATCH Alpha/school_branding/': () => json(branding({ accent_color: '#222222', accent_text_color: '#fafafa' })),
    });
    tab();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Основной цвет' }), { target: { value: '#222222' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Цвет текста на кнопках' }), { target: { value: '#FAFAFA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Настройки сохранены')).toBeTruthy();
    expect(sent.find((r) => r.method === 'PATCH')!.body).toEqual({ accent_color: '#222222', accent_text_color: '#FAFAFA', logo_file: null });
    expect($school.get()).toMatchObject({ accentColor: '#222222', accentTextColor: '#fafafa', logo: null });
  });

  it('puts the platform colour back with «Цвет платформы»', async () => {
    const { sent } = stubApi({ 'GET Alpha/school_branding/': () => json(branding({ accent_color: '#1a73e8' })), 'PATCH Alpha/school_branding/': () => json(branding()) });
    tab();
    const accent = (await screen.findByRole('textbox', { name: 'Основной цвет' })) as HTMLInputElement;
    fireEvent.click(screen.getAllByRole('button', { name: 'Цвет платформы' })[0]!);
    expect(accent.value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(sent.find((r) => r.method === 'PATCH')!.body).toMatchObject({ accent_color: null }));
  });

  it('refuses a colour not in #RRGGBB under its field before sending, and shows the server’s refusal too', async () => {
    const { sent } = stubApi({
      'GET Alpha/school_branding/': () => json(branding()),
      'PATCH Alpha/school_branding/': () => refuse(400, { code: 'FILE_NOT_FOUND', message: 'Выберите изображение, загруженное для школы.', fields: { logo_file: ['Выберите изображение, загруженное для школы.'] } }),
    });
    tab();
    const accent = await screen.findByRole('textbox', { name: 'Основной цвет' });
    fireEvent.change(accent, { target: { value: 'red' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Укажите цвет в формате #RRGGBB, например #ba75ff.')).toBeTruthy();
    expect(accent.getAttribute('aria-invalid')).toBe('true');
    expect(sent.some((r) => r.method === 'PATCH')).toBe(false);
    fireEvent.change(accent, { target: { value: '#123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect((await screen.findAllByText('Выберите изображение, загруженное для школы.')).length).toBeGreaterThan(0);
    expect((accent as HTMLInputElement).value).toBe('#123456');
  });
});
