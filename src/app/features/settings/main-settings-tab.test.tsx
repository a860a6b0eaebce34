import { $school, Role, resetUser, selectSchool, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { uploadOperation } from '../../ui/upload-with-progress.ts';
import MainSettingsTab from './main-settings-tab.tsx';
import type { SchoolHeader, SchoolSettings } from './school-settings-api.ts';

vi.mock('../../ui/upload-with-progress.ts', () => ({ uploadOperation: vi.fn() }));

const settings = (own: Partial<SchoolSettings> = {}): SchoolSettings => ({
  school_id: 1,
  name: 'Alpha',
  title: 'Школа Альфа',
  owner: 1,
  tariff: null,
  tariff_name: null,
  trial_end_date: null,
  purchased_tariff_end_date: null,
  used_trial: false,
  contact_link: 'https://t.me/alpha',
  offer_url: '',
  time_zone: 'Europe/Moscow',
  video_watched_percent: 90,
  test_course: false,
  referral_code: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  accent_color: null,
  accent_text_color: null,
  logo: null,
  ...own,
});
const header = (own: Partial<SchoolHeader> = {}): SchoolHeader => ({
  header_id: 3,
  school: 1,
  school_id: 1,
  logo_header: null,
  favicon: null,
  name: 'Альфа',
  description: 'Учим хорошо',
  logo_school: null,
  logo_school_file: null,
  photo_background: null,
  photo_background_file: null,
  ...own,
});
const refuse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  resetUser();
  signIn({ access: 'token-1', refresh: 'r', userId: 1, email: 'admin@alpha.ru' });
  selectSchool({ schoolName: 'Alpha', schoolTitle: 'Школа Альфа', contactLink: '', schoolId: 1, headerId: 3 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(uploadOperation).mockReset();
});

const tab = () => render(<MainSettingsTab school="Alpha" role={Role.Admin} />);

describe('MainSettingsTab', () => {
  it('shows the school and its header in labelled fields, the URL name read-only', async () => {
    stubApi({ 'GET schools/1/': () => json(settings()), 'GET school_headers/3/': () => json(header()) });
    tab();
    expect(((await screen.findByLabelText('Название школы')) as HTMLInputElement).value).toBe('Школа Альфа');
    const name = screen.getByLabelText('Адрес школы') as HTMLInputElement;
    expect(name.value).toBe('Alpha');
    expect(name.disabled).toBe(true);
    // The hint gives the school's own address, not a «/school/{name}/» placeholder.
    expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toBe(`Часть ссылок на школу: ${location.origin}/school/Alpha/. Изменить его нельзя.`);
    expect((screen.getByLabelText('Ссылка для связи') as HTMLInputElement).value).toBe('https://t.me/alpha');
    // The time zone, in Russian: Russia and Belarus first, then every zone; the hint says what it is for.
    const zone = screen.getByLabelText('Часовой пояс') as HTMLSelectElement;
    expect(zone.value).toBe('Europe/Moscow');
    expect(zone.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(zone.getAttribute('aria-describedby')!)!.textContent).toBe('В этом поясе школа указывает время в письмах и уведомлениях.');
    const [near, all] = within(zone).getAllByRole('group') as HTMLOptGroupElement[];
    expect(near!.label).toBe('Россия и Беларусь');
    expect([...near!.querySelectorAll('option')].slice(0, 2).map((option) => option.textContent)).toEqual(['UTC+03:00 — Москва', 'UTC+03:00 — Беларусь']);
    expect(all!.label).toBe('Все часовые пояса');
    const others = [...all!.querySelectorAll('option')].map((option) => option.value);
    expect(others).toContain('UTC');
    expect(others).toContain('America/New_York');
    expect(others).not.toContain('Europe/Moscow');
    expect((screen.getByLabelText('Заголовок шапки') as HTMLInputElement).value).toBe('Альфа');
    expect((screen.getByLabelText('Описание') as HTMLTextAreaElement).value).toBe('Учим хорошо');
    expect(screen.getByRole('heading', { level: 1, name: 'Основные настройки' })).toBeTruthy();
  });

  it('saves the school and its header, says so, and the shell takes the new title', async () => {
    const saving = deferred<Response>();
    const { sent } = stubApi({
      'GET schools/1/': () => json(settings()),
      'GET school_headers/3/': () => json(header()),
      'PATCH schools/1/': () => saving.promise,
      'PATCH school_headers/3/': () => json(header({ name: 'Альфа Про', logo_school_file: 9, logo_school: 'http://x/api/files/9/l.png?t=1' })),
    });
    vi.mocked(uploadOperation<'POST {school}/files/'>).mockResolvedValue({ id: 9, kind: 'picture', course_id: null, lesson_id: null, name: 'l.png', mime: 'image/png', bytes: 3, url: 'http://x/api/files/9/l.png?t=1', created_at: '2026-11-29T00:00:00Z' });
    tab();
    fireEvent.change(await screen.findByLabelText('Название школы'), { target: { value: '  Альфа Про ' } });
    fireEvent.change(screen.getByLabelText('Ссылка для связи'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Заголовок шапки'), { target: { value: 'Альфа Про' } });
    fireEvent.change(screen.getByLabelText('Часовой пояс'), { target: { value: 'Asia/Yekaterinburg' } });
    fireEvent.change(screen.getByLabelText('Загрузить логотип'), { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByRole('img', { name: 'Логотип школы' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect((await screen.findByRole('button', { name: 'Сохранение...' })).hasAttribute('disabled')).toBe(true);
    saving.resolve(json(settings({ title: 'Альфа Про', contact_link: null, time_zone: 'Asia/Yekaterinburg' })));
    expect((await screen.findByText('Настройки сохранены')).getAttribute('role')).toBe('status');
    expect(sent.find((r) => r.method === 'PATCH' && r.path === 'schools/1/')!.body).toEqual({ title: 'Альфа Про', contact_link: null, offer_url: '', time_zone: 'Asia/Yekaterinburg', video_watched_percent: 90 });
    expect((screen.getByLabelText('Часовой пояс') as HTMLSelectElement).value).toBe('Asia/Yekaterinburg');
    expect(sent.find((r) => r.method === 'PATCH' && r.path === 'school_headers/3/')!.body).toEqual({ name: 'Альфа Про', description: 'Учим хорошо', logo_school_file: 9, photo_background_file: null });
    expect($school.get()).toMatchObject({ schoolTitle: 'Альфа Про', contactLink: '' });
    // An edit takes the message away: it spoke of what was saved.
    fireEvent.change(screen.getByLabelText('Описание'), { target: { value: 'Новое' } });
    expect(screen.queryByText('Настройки сохранены')).toBeNull();
  });

  it("sets the share of a lesson's video to watch: 50 to 100 %, checked before sending, the server's word shown under it", async () => {
    const { sent } = stubApi({
      'GET schools/1/': () => json(settings()),
      'GET school_headers/3/': () => json(header()),
      'PATCH schools/1/': (request) =>
        (request.body as { video_watched_percent: number }).video_watched_percent === 77
          ? refuse(400, { code: 'VALIDATION_ERROR', message: 'Проверьте поля.', fields: { video_watched_percent: ['Значение должно быть не больше 76.'] } })
          : json(settings({ video_watched_percent: (request.body as { video_watched_percent: number }).video_watched_percent })),
      'PATCH school_headers/3/': () => json(header()),
    });
    tab();
    const share = (await screen.findByLabelText('Урок с видео пройден после просмотра, %')) as HTMLInputElement;
    expect(share.value).toBe('90');
    expect(document.getElementById(share.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent).toBe('Какую долю видео ученик смотрит, чтобы урок засчитался: от 50 до 100 %.');
    for (const value of ['49', '101', '', '75.5']) {
      fireEvent.change(share, { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
      expect(await screen.findByText('Укажите целое число от 50 до 100.')).toBeTruthy();
      expect(share.getAttribute('aria-invalid')).toBe('true');
    }
    expect(sent.some((r) => r.method === 'PATCH')).toBe(false);
    fireEvent.change(share, { target: { value: '77' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Значение должно быть не больше 76.')).toBeTruthy();
    fireEvent.change(share, { target: { value: '75' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await screen.findByText('Настройки сохранены');
    expect(sent.filter((r) => r.method === 'PATCH' && r.path === 'schools/1/').map((r) => (r.body as { video_watched_percent: number }).video_watched_percent)).toEqual([77, 75]);
    expect(share.value).toBe('75');
  });

  it("checks the title before sending, and shows the server's refusal under its field, keeping what was typed", async () => {
    const { sent } = stubApi({
      'GET schools/1/': () => json(settings()),
      'GET school_headers/3/': () => json(header()),
      'PATCH schools/1/': () => refuse(400, { code: 'VALIDATION_ERROR', message: 'Ссылка должна начинаться с http://, https://, tg://', fields: { contact_link: ['Ссылка должна начинаться с http://, https://, tg://'] } }),
    });
    tab();
    const title = await screen.findByLabelText('Название школы');
    fireEvent.change(title, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Поле не может быть пустым.')).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(sent.some((r) => r.method === 'PATCH')).toBe(false);
    fireEvent.change(title, { target: { value: 'Альфа' } });
    fireEvent.change(screen.getByLabelText('Ссылка для связи'), { target: { value: 'ftp://files' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const link = screen.getByLabelText('Ссылка для связи');
    await waitFor(() => expect(link.getAttribute('aria-invalid')).toBe('true'));
    expect(within(link.parentElement!).getByText('Ссылка должна начинаться с http://, https://, tg://')).toBeTruthy();
    expect((link as HTMLInputElement).value).toBe('ftp://files');
    expect(screen.queryByText('Настройки сохранены')).toBeNull();
  });

  it("keeps a saved zone this browser does not list, and shows the server's refusal of a zone under its field", async () => {
    stubApi({
      'GET schools/1/': () => json(settings({ time_zone: 'Etc/GMT-3' })),
      'GET school_headers/3/': () => json(header()),
      'PATCH schools/1/': () => refuse(400, { code: 'VALIDATION_ERROR', message: 'Неизвестный часовой пояс.', fields: { time_zone: ['Неизвестный часовой пояс.'] } }),
    });
    tab();
    const zone = (await screen.findByLabelText('Часовой пояс')) as HTMLSelectElement;
    expect(zone.value).toBe('Etc/GMT-3');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(zone.getAttribute('aria-invalid')).toBe('true'));
    expect(within(zone.parentElement!).getByText('Неизвестный часовой пояс.')).toBeTruthy();
    expect(zone.value).toBe('Etc/GMT-3');
    expect(screen.queryByText('Настройки сохранены')).toBeNull();
  });

  it('offers a retry when the settings could not be loaded', async () => {
    stubApi({ 'GET schools/1/': () => refuse(403, { code: 'FORBIDDEN', message: 'Нет прав.' }), 'GET school_headers/3/': () => json(header()) });
    tab();
    expect(await screen.findByRole('button', { name: 'Повторить' })).toBeTruthy();
    expect(screen.queryByLabelText('Название школы')).toBeNull();
  });
});
