import { $school, $unread, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, setUnread, signIn } from '#core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isoFromLocal, localDateTime } from './meeting-form.tsx';
import type { Meeting } from './meetings-api.ts';
import MeetingsPage from './meetings-page.tsx';
import { UpcomingMeetingsBadge } from './upcoming-meetings-badge.tsx';

interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
type Handler = (request: Sent) => Response | undefined;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const page = (...meetings: Meeting[]) => json({ count: meetings.length, next: null, previous: null, results: meetings });

/** A fetch stub that sees the query string too (upcoming or past are one path). */
function stub(handler: Handler) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      const request = { method: (init?.method ?? 'GET').toUpperCase(), path: url.pathname.replace(/^\/api\//, ''), query: url.searchParams, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
      sent.push(request);
      return handler(request) ?? json({ code: 'NOT_FOUND', message: 'Не найдено.' }, 404);
    }),
  );
  return sent;
}

const HOUR = 3600_000;
const meeting = (id: number, own: Partial<Meeting> = {}): Meeting => {
  const starts = own.starts_at ?? new Date(Date.now() + id * 24 * HOUR).toISOString();
  return {
    id,
    title: `Встреча ${id}`,
    starts_at: starts,
    ends_at: new Date(Date.parse(starts) + HOUR).toISOString(),
    duration_minutes: 60,
    link: `https://meet.example.com/${id}`,
    description: '',
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    ...own,
  };
};

function signInAs(role: Parameters<typeof setRole>[0]) {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'user@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(role);
}

beforeEach(() => {
  signInAs(Role.Student);
  setUnread({ meetings: 0 });
});

describe('MeetingsPage: a student and a teacher', () => {
  it('shows the upcoming meetings with «Подключиться», then the past ones without', async () => {
    const sent = stub(({ method, path, query }) => {
      if (method === 'GET' && path === 'Alpha/school_meetings/')
        return query.get('past') ? page(meeting(9, { title: 'Прошлый разбор', starts_at: new Date(Date.now() - 48 * HOUR).toISOString() })) : page(meeting(1, { title: 'Разбор ДЗ', description: 'Вопросы по модулю 2', duration_minutes: 90 }), meeting(2));
      return undefined;
    });
    render(<MeetingsPage school="Alpha" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Встречи' })).toBeTruthy();
    const card = (await screen.findByRole('heading', { level: 3, name: 'Разбор ДЗ' })).closest('li')!;
    expect(within(card).getByText('Вопросы по модулю 2')).toBeTruthy();
    expect(within(card).getByText(/90 мин/)).toBeTruthy();
    const join = within(card).getByRole('link', { name: 'Подключиться: Разбор ДЗ' });
    expect(join.textContent).toBe('Подключиться');
    expect(join.getAttribute('href')).toBe('https://meet.example.com/1');
    expect(join.getAttribute('target')).toBe('_blank');
    expect(join.getAttribute('rel')).toBe('noopener noreferrer');

    const past = screen.getByRole('region', { name: 'Прошедшие встречи' });
    const old = (await within(past).findByRole('heading', { level: 3, name: 'Прошлый разбор' })).closest('li')!;
    expect(within(old).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Создать встречу' })).toBeNull();
    expect(sent.map((request) => request.query.get('past'))).toEqual([null, '1']);
  });

  it('says when there are no meetings, marks one under way, and offers a retry when the list fails', async () => {
    signInAs(Role.Teacher);
    let fail = true;
    stub(({ path, query }) => {
      if (path !== 'Alpha/school_meetings/') return undefined;
      if (query.get('past')) return page();
      if (fail) return json({ code: 'DB_UNAVAILABLE', message: 'Сервис временно недоступен.' }, 503);
      return page(meeting(3, { title: 'Уже идёт', starts_at: new Date(Date.now() - HOUR / 2).toISOString() }));
    });
    render(<MeetingsPage school="Alpha" />);
    expect(await screen.findByText('Прошедших встреч нет.')).toBeTruthy();
    const retry = await screen.findByRole('button', { name: /Повторить/ });
    fail = false;
    fireEvent.click(retry);
    const card = (await screen.findByRole('heading', { level: 3, name: 'Уже идёт' })).closest('li')!;
    expect(within(card).getByText(/Идёт сейчас/)).toBeTruthy();
  });

  it('shows the empty state for a student without meetings', async () => {
    stub(({ path }) => (path === 'Alpha/school_meetings/' ? page() : undefined));
    render(<MeetingsPage school="Alpha" />);
    expect(await screen.findByText('Встреч пока нет')).toBeTruthy();
    expect(screen.getByText('Здесь появятся встречи ваших групп со ссылками для подключения.')).toBeTruthy();
  });
});

describe('MeetingsPage: the admin', () => {
  beforeEach(() => signInAs(Role.Admin));

  const groups = () => json({ count: 2, next: null, previous: null, results: [{ group_id: 11, name: 'Поток 1', course_name: 'Python' }, { group_id: 12, name: 'Поток 2', course_name: 'SQL' }] });

  it('creates a meeting in the dialog with its groups, checking the fields first; the list and the menu count follow', async () => {
    let list: Meeting[] = [];
    let upcoming = 0;
    const sent = stub(({ method, path, query, body }) => {
      if (method === 'GET' && path === 'Alpha/school_meetings/') return query.get('past') ? page() : page(...list);
      if (method === 'GET' && path === 'Alpha/school_meetings/count/') return json({ upcoming });
      if (method === 'GET' && path === 'Alpha/students_group/') return groups();
      if (method === 'POST' && path === 'Alpha/school_meetings/') {
        const input = body as Meeting & { student_groups: number[] };
        if (input.link.includes('bad')) return json({ code: 'VALIDATION_ERROR', message: 'Проверьте данные.', fields: { link: ['Укажите ссылку, начинающуюся с http:// или https://.'] } }, 400);
        list = [meeting(5, { ...input, id: 5 })];
        upcoming = 1;
        return json(list[0], 201);
      }
      return undefined;
    });
    render(<MeetingsPage school="Alpha" />);
    expect(await screen.findByText('Встреч пока нет')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Создать встречу' }));
    const dialog = screen.getByRole('dialog', { name: 'Новая встреча' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(within(dialog).getByText('Укажите название встречи.')).toBeTruthy();
    expect(within(dialog).getByText('Укажите дату и время начала.')).toBeTruthy();
    expect(within(dialog).getByText('Укажите ссылку для подключения.')).toBeTruthy();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Название'), { target: { value: 'Разбор ДЗ' } });
    fireEvent.change(within(dialog).getByLabelText(/Дата и время начала/), { target: { value: '2030-03-01T18:30' } });
    fireEvent.change(within(dialog).getByLabelText(/Продолжительность/), { target: { value: '45' } });
    fireEvent.change(within(dialog).getByLabelText(/Ссылка для подключения/), { target: { value: 'https://bad.example.com/' } });
    fireEvent.change(within(dialog).getByLabelText('Описание'), { target: { value: 'Вопросы' } });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: /Поток 2/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    // The server's refusal under its field; nothing typed is lost.
    expect(await within(dialog).findByText('Укажите ссылку, начинающуюся с http:// или https://.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Название') as HTMLInputElement).value).toBe('Разбор ДЗ');

    fireEvent.change(within(dialog).getByLabelText(/Ссылка для подключения/), { target: { value: 'https://meet.example.com/r' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    const row = (await screen.findByRole('rowheader', { name: 'Разбор ДЗ' })).closest('tr')!;
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(row).getByText('1 группа')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Подключиться: Разбор ДЗ' })).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST').at(-1)!.body).toEqual({
      title: 'Разбор ДЗ',
      starts_at: new Date(2030, 2, 1, 18, 30).toISOString(),
      duration_minutes: 45,
      link: 'https://meet.example.com/r',
      description: 'Вопросы',
      student_groups: [12],
    });
    await expect.poll(() => $unread.get().meetings).toBe(1);
  });

  it('edits a meeting with its values in the dialog, and deletes one after a confirmation', async () => {
    let list = [meeting(7, { title: 'Созвон', student_groups: [11], starts_at: '2030-05-01T07:00:00.000Z' })];
    const sent = stub(({ method, path, query, body }) => {
      if (method === 'GET' && path === 'Alpha/school_meetings/') return query.get('past') ? page(meeting(1, { title: 'Старая', starts_at: '2020-01-01T10:00:00Z' })) : page(...list);
      if (method === 'GET' && path === 'Alpha/school_meetings/count/') return json({ upcoming: list.length });
      if (method === 'GET' && path === 'Alpha/students_group/') return groups();
      if (method === 'PATCH' && path === 'Alpha/school_meetings/7/') {
        list = [{ ...list[0]!, ...(body as Partial<Meeting>) }];
        return json(list[0]);
      }
      if (method === 'DELETE' && path === 'Alpha/school_meetings/7/') {
        list = [];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    render(<MeetingsPage school="Alpha" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить: Созвон' }));
    const dialog = screen.getByRole('dialog', { name: 'Изменить встречу' });
    expect((within(dialog).getByLabelText(/Дата и время начала/) as HTMLInputElement).value).toBe(localDateTime('2030-05-01T07:00:00.000Z'));
    expect((await within(dialog).findByRole('checkbox', { name: /Поток 1/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Название'), { target: { value: 'Созвон группы' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await screen.findByRole('rowheader', { name: 'Созвон группы' });
    expect(sent.find((request) => request.method === 'PATCH')!.body).toMatchObject({ title: 'Созвон группы', starts_at: '2030-05-01T07:00:00.000Z', student_groups: [11] });
    // The past meetings below, deletable, not editable.
    const past = screen.getByRole('heading', { level: 2, name: 'Прошедшие встречи' }).closest('section')!;
    expect(within(past).getByRole('rowheader', { name: 'Старая' })).toBeTruthy();
    expect(within(past).queryByRole('button', { name: 'Изменить: Старая' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Удалить: Созвон группы' }));
    const confirm = screen.getByRole('dialog', { name: 'Удалить встречу?' });
    expect(within(confirm).getByText(/напоминания о ней не придут/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Встреч пока нет')).toBeTruthy();
    expect(sent.some((request) => request.method === 'DELETE' && request.path === 'Alpha/school_meetings/7/')).toBe(true);
  });
});

describe('UpcomingMeetingsBadge', () => {
  it('reads the upcoming count into the client state and shows it, nothing at zero', async () => {
    stub(({ path }) => (path === 'Alpha/school_meetings/count/' ? json({ upcoming: 3 }) : undefined));
    const { container } = render(<UpcomingMeetingsBadge school="Alpha" />);
    expect(container.textContent).toBe('');
    expect(await screen.findByText('3')).toBeTruthy();
    expect($unread.get().meetings).toBe(3);
    expect(screen.getByTitle('3 предстоящие встречи')).toBeTruthy();
    setUnread({ meetings: 0 });
    await expect.poll(() => container.textContent).toBe('');
  });
});

describe("the form's times", () => {
  it("reads and writes the reader's local date-time", () => {
    expect(isoFromLocal('2030-03-01T18:30')).toBe(new Date(2030, 2, 1, 18, 30).toISOString());
    expect(isoFromLocal('')).toBeNull();
    expect(isoFromLocal('завтра')).toBeNull();
    expect(localDateTime(new Date(2030, 2, 1, 9, 5).toISOString())).toBe('2030-03-01T09:05');
    expect(localDateTime(null)).toBe('');
    expect(localDateTime('x')).toBe('');
  });
});
