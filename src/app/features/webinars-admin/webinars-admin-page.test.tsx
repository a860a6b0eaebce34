import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $toasts } from '../../ui/toasts.tsx';
import { localDateTime, offsetText, parseOffset, slugFrom, sortDraft, youtubeId } from './webinar-form.tsx';
import WebinarsAdminPage, { embedSnippet, nextStartText } from './webinars-admin-page.tsx';
import type { WebinarDetail, WebinarListItem } from './webinars-admin-api.ts';

/** Just enough of XMLHttpRequest for uploadWithProgress: the test plays the server. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const item = (id: number, own: Partial<WebinarListItem> = {}): WebinarListItem => ({
  id,
  title: `Вебинар ${id}`,
  slug: `webinar-${id}`,
  starts_at: '2030-01-01T10:00:00.000Z',
  is_active: true,
  repeat_minutes: null,
  duration_minutes: 60,
  status: 'countdown',
  next_start: '2030-01-01T10:00:00.000Z',
  has_video: true,
  ...own,
});
const detail = (id: number, own: Partial<WebinarDetail> = {}): WebinarDetail => ({
  id,
  title: `Вебинар ${id}`,
  slug: `webinar-${id}`,
  description: 'Описание',
  video_type: 'upload',
  youtube_video_id: null,
  video_url: null,
  video_file: { id: 40, kind: 'video', course_id: null, lesson_id: null, name: 'запись.webm', mime: 'video/webm', url: 'http://x/api/files/40/a.webm?t=1', bytes: 3000, created_at: '2029-12-01T10:00:00.000Z' },
  starts_at: '2030-01-01T10:00:00.000Z',
  repeat_minutes: 1440,
  duration_minutes: 45,
  has_chat: true,
  chat_enabled: true,
  is_active: true,
  status: 'countdown',
  next_start: '2030-01-01T10:00:00.000Z',
  chat_script: [
    { offset_seconds: 5, username: 'Анна', message: 'Добрый день!', role: 'moderator' },
    { offset_seconds: 90, username: 'Игорь', message: 'Привет', role: 'participant' },
  ],
  created_at: '2029-12-01T10:00:00.000Z',
  ...own,
});
const page = (...rows: WebinarListItem[]) => json({ count: rows.length, next: null, previous: null, results: rows });
const toasts = () => $toasts.get().map((toast) => toast.text);
const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  $toasts.set([]);
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  signIn({ access: 'a', refresh: 'r', userId: 5, email: 'admin@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Admin);
});

describe('webinar form helpers', () => {
  it('reads and writes offsets, YouTube links, addresses and local times', () => {
    expect(offsetText(330)).toBe('05:30');
    expect(offsetText(3725)).toBe('62:05');
    expect(parseOffset('05:30')).toBe(330);
    expect(parseOffset(' 90 ')).toBe(90);
    expect(parseOffset('5:75')).toBeNull();
    expect(parseOffset('полчаса')).toBeNull();
    expect(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://example.com/video')).toBeNull();
    expect(slugFrom('Вебинар: Python с нуля!')).toBe('vebinar-python-s-nulya');
    expect(new Date(localDateTime('2030-01-01T10:00:00.000Z')).toISOString()).toBe('2030-01-01T10:00:00.000Z');
    const rows = sortDraft([
      { key: 1, offset: '01:00', username: 'a', message: 'a', role: 'participant' },
      { key: 2, offset: '', username: 'b', message: 'b', role: 'participant' },
      { key: 3, offset: '00:10', username: 'c', message: 'c', role: 'participant' },
    ]);
    expect(rows.map((row) => row.key)).toEqual([3, 1, 2]);
    expect(embedSnippet('https://coursehub.ru', 'demo-live')).toBe('<script src="https://coursehub.ru/widgets/ch.js" async></script>\n<ch-webinar slug="demo-live"></ch-webinar>');
    expect(nextStartText({ is_active: true, status: 'live', next_start: '2030-01-01T10:00:00.000Z' })).toBe('Идёт сейчас');
    expect(nextStartText({ is_active: true, status: 'ended', next_start: null })).toBe('Показы окончены');
    expect(nextStartText({ is_active: false, status: 'countdown', next_start: '2030-01-01T10:00:00.000Z' })).toBe('Выключен');
  });
});

describe('WebinarsAdminPage', () => {
  it('shows loading, then the webinars with their page link and next show', async () => {
    stubApi({ 'GET Alpha/autowebinars/': () => page(item(1, { title: 'Python с нуля' }), item(2, { status: 'live' }), item(3, { is_active: false })) });
    render(<WebinarsAdminPage school="Alpha" />);
    expect(screen.getByRole('status').textContent).toBe('Загрузка...');
    const row = (await screen.findByText('Python с нуля')).closest('tr')!;
    const link = within(row).getByRole('link', { name: /^\/webinar\/\S+ — Открыть страницу вебинара «Python с нуля»$/ });
    expect(link.getAttribute('href')).toBe('/webinar/webinar-1');
    expect(within(row).getByText('/webinar/webinar-1')).toBeTruthy();
    expect(within(row).getByText(/01\.01\.2030/)).toBeTruthy();
    expect(within(screen.getByText('Вебинар 2').closest('tr')!).getByText('Идёт сейчас')).toBeTruthy();
    expect(within(screen.getByText('Вебинар 3').closest('tr')!).getByText('Выключен')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Вебинары' })).toBeTruthy();
  });

  it('says so when there are none, and offers a retry when the list fails', async () => {
    let calls = 0;
    stubApi({ 'GET Alpha/autowebinars/': () => (++calls === 1 ? json({ code: 'X', message: 'Сервер недоступен.' }, 400) : page()) });
    render(<WebinarsAdminPage school="Alpha" />);
    expect(await screen.findByText('Сервер недоступен.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Вебинаров пока нет')).toBeTruthy();
  });

  it('creates a webinar: Russian checks first, the video uploaded with progress, the schedule and the chat script in order of time', async () => {
    let list = page();
    const { sent } = stubApi({
      'GET Alpha/autowebinars/': () => list,
      'POST Alpha/autowebinars/': (request) => json(detail(7, { ...(request.body as object), chat_script: [] }), 201),
      'PUT Alpha/autowebinars/7/chat_script/': (request) => json(request.body),
    });
    render(<WebinarsAdminPage school="Alpha" />);
    await screen.findByText('Вебинаров пока нет');
    fireEvent.click(screen.getByRole('button', { name: 'Создать вебинар' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новый вебинар' });
    type('starts_at', '');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(within(dialog).getByText('Введите название вебинара.')).toBeTruthy();
    expect(within(dialog).getByText('Адрес: латинские строчные буквы, цифры и дефисы, не длиннее 100 символов.')).toBeTruthy();
    expect(within(dialog).getByText('Загрузите видео вебинара.')).toBeTruthy();
    expect(within(dialog).getByText('Укажите дату и время первого показа.')).toBeTruthy();
    expect(within(dialog).getByText('Исправьте ошибки в форме.')).toBeTruthy();
    expect(sent.filter((request) => request.method !== 'GET')).toEqual([]);

    type('title', 'Python с нуля');
    expect(field('slug').value).toBe('python-s-nulya');
    type('description', 'Бесплатный вебинар');
    type('starts_at', '2030-02-01T12:00');
    type('duration_minutes', '30');
    fireEvent.change(field('repeat'), { target: { value: 'custom' } });
    type('repeat_minutes', '0');

    // The video: progress while it goes, then its name.
    const file = new File([new Uint8Array(10)], 'запись.webm', { type: 'video/webm' });
    fireEvent.change(within(dialog).getByLabelText('Загрузить видео'), { target: { files: [file] } });
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    expect(FakeXhr.last!.url).toBe('/api/Alpha/autowebinars/video/');
    expect(FakeXhr.last!.headers.Authorization).toBe('Bearer a');
    FakeXhr.last!.upload.onprogress!({ lengthComputable: true, loaded: 4, total: 10 });
    expect(await within(dialog).findByText('40 %')).toBeTruthy();
    FakeXhr.last!.respond(201, { id: 41, name: 'запись.webm', url: 'http://x/api/files/41/x.webm?t=1', bytes: 10 });
    expect(await within(dialog).findByText('Видео: запись.webm')).toBeTruthy();

    // Two lines of chat, the later one first; one bad time.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить сообщение' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить сообщение' }));
    type('offset-0', '1:30');
    type('username-0', 'Игорь');
    type('message-0', 'Привет');
    type('offset-1', 'скоро');
    type('username-1', 'Анна');
    type('message-1', 'Добрый день!');
    fireEvent.change(field('role-1'), { target: { value: 'moderator' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(within(dialog).getByText('Интервал: целое число минут от 1 до 525600.')).toBeTruthy();
    expect(within(dialog).getByText('Время в формате мм:сс, например 05:30.')).toBeTruthy();
    type('repeat_minutes', '120');
    type('offset-1', '00:05');
    list = page(item(7, { title: 'Python с нуля', slug: 'python-s-nulya' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = sent.find((request) => request.method === 'POST')!;
    expect(post.body).toEqual({
      title: 'Python с нуля',
      slug: 'python-s-nulya',
      description: 'Бесплатный вебинар',
      video_type: 'upload',
      video_file_id: 41,
      starts_at: new Date('2030-02-01T12:00').toISOString(),
      duration_minutes: 30,
      repeat_minutes: 120,
      has_chat: true,
      chat_enabled: true,
      is_active: true,
    });
    expect(sent.find((request) => request.method === 'PUT')!.body).toEqual([
      { offset_seconds: 5, username: 'Анна', message: 'Добрый день!', role: 'moderator' },
      { offset_seconds: 90, username: 'Игорь', message: 'Привет', role: 'participant' },
    ]);
    expect(toasts()).toContain('Вебинар сохранён.');
    expect(await screen.findByText('Python с нуля')).toBeTruthy();
    // The embed code of what was saved.
    expect(screen.getByRole('region', { name: 'Код для сайта' }).textContent).toContain('<ch-webinar slug="python-s-nulya"></ch-webinar>');
  });

  it("edits a webinar: its script shown, a line removed, the rest sorted; the server's refusal under its field", async () => {
    let taken = true;
    const { sent } = stubApi({
      'GET Alpha/autowebinars/': () => page(item(3)),
      'GET Alpha/autowebinars/3/': () => json(detail(3)),
      'PATCH Alpha/autowebinars/3/': (request) =>
        taken ? json({ code: 'SLUG_TAKEN', message: 'Этот адрес уже занят другим вебинаром.', fields: { slug: ['Этот адрес уже занят другим вебинаром.'] } }, 409) : json(detail(3, request.body as object)),
      'PUT Alpha/autowebinars/3/chat_script/': (request) => json(request.body),
    });
    render(<WebinarsAdminPage school="Alpha" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить Вебинар 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Вебинар «Вебинар 3»' });
    expect(field('slug').value).toBe('webinar-3');
    expect(field('duration_minutes').value).toBe('45');
    expect(field('repeat').value).toBe('daily');
    expect(field('offset-0').value).toBe('00:05');
    expect(field('offset-1').value).toBe('01:30');
    expect(within(dialog).getByText('Видео: запись.webm')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить сообщение 1' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить сообщение' }));
    type('offset-1', '00:20');
    type('username-1', 'Ольга');
    type('message-1', 'Здравствуйте');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Упорядочить по времени' }));
    expect(field('offset-0').value).toBe('00:20');
    type('slug', 'taken');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Этот адрес уже занят другим вебинаром.')).toBeTruthy();
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);
    taken = false;
    type('slug', 'free-slug');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const patches = sent.filter((request) => request.method === 'PATCH');
    expect(patches.at(-1)!.body).toMatchObject({ slug: 'free-slug', video_file_id: 40, repeat_minutes: 1440, duration_minutes: 45 });
    expect(sent.find((request) => request.method === 'PUT')!.body).toEqual([
      { offset_seconds: 20, username: 'Ольга', message: 'Здравствуйте', role: 'participant' },
      { offset_seconds: 90, username: 'Игорь', message: 'Привет', role: 'participant' },
    ]);
  });

  it('deletes a webinar after a confirmation', async () => {
    let rows = [item(1), item(2)];
    const { sent } = stubApi({
      'GET Alpha/autowebinars/': () => page(...rows),
      'DELETE Alpha/autowebinars/2/': () => {
        rows = [item(1)];
        return new Response(null, { status: 204 });
      },
    });
    render(<WebinarsAdminPage school="Alpha" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить Вебинар 2' }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить вебинар?' });
    expect(within(confirm).getByText(/Вебинар «Вебинар 2» и его загруженное видео будут удалены/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByText('Вебинар 2')).toBeNull());
    expect(sent.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual(['Alpha/autowebinars/2/']);
    expect(toasts()).toContain('Вебинар удалён.');
    expect(screen.getByText('Вебинар 1')).toBeTruthy();
  });
});
