import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deferred, stubApi, type Answer } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $toasts, dismissToast } from '../../ui/toasts.tsx';
import type { OwnRating, RatingRow } from './rating-api.ts';
import RatingPage from './rating-page.tsx';

const SETTINGS = 'GET Alpha/rating_settings/';
const OWN = 'GET Alpha/student_rating/individual_rating/';
const LIST = 'GET Alpha/student_rating/all_rating/';
const VISIBILITY = 'PATCH Alpha/student_rating/visibility/';

const OWN_RATING: OwnRating = { completed_lessons: 2, top_by_lessons_num: 2, available_courses: 3, top_by_courses_num: null, hidden: false };
const row = (place: number, name: string, own: Partial<RatingRow> = {}): RatingRow => ({ place, student_id: null, name, avatar: null, completed_lessons: 5, is_me: false, ...own });
const page = (rows: RatingRow[], count = rows.length) => json({ count, next: null, previous: null, results: rows });
const disabled = () => json({ code: 'RATING_DISABLED', message: 'Рейтинг отключён в этой школе' }, 403);

function stub(routes: Record<string, Answer> = {}) {
  const api = stubApi({
    [SETTINGS]: () => json({ enabled: true }),
    [OWN]: () => json(OWN_RATING),
    [LIST]: () =>
      page([row(1, 'Екатерина Соколова'), row(2, 'Сергей Студентов', { is_me: true, student_id: 4, completed_lessons: 2 }), row(2, 'Скрытый участник', { completed_lessons: 2 })]),
    ...routes,
  });
  /** The ranking's requests' query strings, oldest first. */
  const queries = () =>
    api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://x'))
      .filter((url) => url.pathname === '/api/Alpha/student_rating/all_rating/')
      .map((url) => Object.fromEntries(url.searchParams));
  return { ...api, queries };
}

const table = () => screen.findByRole('table');
const bodyRows = async () => within(await table()).getAllByRole('row').slice(1);
const toastTexts = () => $toasts.get().map((toast) => toast.text);

beforeEach(() => {
  localStorage.clear();
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 4, email: 'student@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Student);
});
afterEach(() => $toasts.get().forEach((toast) => dismissToast(toast.id)));

describe('RatingPage for a student', () => {
  it('shows their places and numbers, then the ranking by lessons with their own row marked', async () => {
    const { queries } = stub();
    render(<RatingPage school="Alpha" />);
    expect(screen.getByRole('status').textContent).toBe('Загрузка...');
    const own = await screen.findByRole('region', { name: 'Ваши результаты' });
    expect(within(own).getByText('2 место')).toBeTruthy();
    expect(within(own).getByText('2 занятия пройдено')).toBeTruthy();
    // No place while the value is 0… or null from the server.
    expect(within(own).getByText('Пока без места')).toBeTruthy();
    expect(within(own).getByText('3 курса доступно')).toBeTruthy();

    const rows = await bodyRows();
    expect(rows.map((r) => within(r).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['1', '5'],
      ['2', '2'],
      ['2', '2'],
    ]);
    expect(within(rows[1]!).getByRole('rowheader').textContent).toContain('Сергей Студентов');
    expect(within(rows[1]!).getByText('Вы').getAttribute('title')).toBe('Это вы');
    expect(within(rows[0]!).queryByText('Вы')).toBeNull();
    expect(within(rows[2]!).getByRole('rowheader').textContent).toContain('Скрытый участник');
    expect(screen.getByRole('columnheader', { name: 'Пройдено занятий' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'По занятиям' }).getAttribute('aria-pressed')).toBe('true');
    expect(queries()).toEqual([{ lessons_flag: 'True', p: '1', s: '30' }]);
    // A student has no switch of the school's.
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('switches to the ranking by courses, from its first page', async () => {
    const { queries } = stub({
      [LIST]: () => page([{ place: 1, student_id: null, name: 'Анна', avatar: null, available_courses: 4, is_me: false }], 61),
    });
    render(<RatingPage school="Alpha" />);
    await table();
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ lessons_flag: 'True', p: '3', s: '30' }));
    fireEvent.click(screen.getByRole('button', { name: 'По курсам' }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ courses_flag: 'True', p: '1', s: '30' }));
    expect(await screen.findByRole('columnheader', { name: 'Доступно курсов' })).toBeTruthy();
    expect(within((await bodyRows())[0]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', '4']);
    expect(screen.getByRole('button', { name: 'По курсам' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('hides their name and shows it again', async () => {
    const saving = deferred<Response>();
    const { sent } = stub({ [VISIBILITY]: () => saving.promise });
    render(<RatingPage school="Alpha" />);
    const box = (await screen.findByRole('checkbox', { name: 'Скрыть моё имя в рейтинге' })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(box.disabled).toBe(true);
    saving.resolve(json({ hidden: true }));
    await waitFor(() => expect(box.disabled).toBe(false));
    expect(box.checked).toBe(true);
    expect(sent.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ hidden: true }]);
    expect(toastTexts()).toContain('Ваше имя скрыто от других учеников.');
  });

  it('keeps the box as it was when hiding fails, and says why', async () => {
    stub({ [VISIBILITY]: () => json({ code: 'FORBIDDEN', message: 'Нет доступа.' }, 403) });
    render(<RatingPage school="Alpha" />);
    const box = (await screen.findByRole('checkbox', { name: 'Скрыть моё имя в рейтинге' })) as HTMLInputElement;
    fireEvent.click(box);
    await waitFor(() => expect(toastTexts()).toContain('Нет доступа.'));
    expect(box.checked).toBe(false);
  });

  it('says the rating is empty, by kind', async () => {
    stub({ [LIST]: () => page([]), [OWN]: () => json({ ...OWN_RATING, completed_lessons: 0, top_by_lessons_num: null }) });
    render(<RatingPage school="Alpha" />);
    expect(await screen.findByRole('heading', { name: 'В рейтинге пока никого нет' })).toBeTruthy();
    expect(screen.getByText('Ученики появятся здесь, когда пройдут первые занятия.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'По курсам' }));
    expect(await screen.findByText('Ученики появятся здесь, когда их добавят в группы курсов.')).toBeTruthy();
  });

  it('says when the rating is off in the school', async () => {
    const { sent } = stub({ [SETTINGS]: () => json({ enabled: false }) });
    render(<RatingPage school="Alpha" />);
    expect(await screen.findByRole('heading', { name: 'Рейтинг отключён в этой школе' })).toBeTruthy();
    expect(screen.getByText('Администратор школы выключил рейтинг учеников.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(sent.map((r) => r.path)).toEqual(['Alpha/rating_settings/']);
  });

  it('says so too when the rating was turned off after the page asked', async () => {
    stub({ [OWN]: disabled, [LIST]: disabled });
    render(<RatingPage school="Alpha" />);
    expect(await screen.findByRole('heading', { name: 'Рейтинг отключён в этой школе' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers a retry when the ranking or the settings fail to load', async () => {
    let fail = true;
    stub({ [LIST]: () => (fail ? json({ code: 'SERVER', message: 'x' }, 500) : page([row(1, 'Анна')])) });
    render(<RatingPage school="Alpha" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('на сервере');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await table()).toBeTruthy();
  });

  it('offers a retry when the settings fail to load', async () => {
    let fail = true;
    stub({ [SETTINGS]: () => (fail ? json({ code: 'SERVER', message: 'x' }, 500) : json({ enabled: true })) });
    render(<RatingPage school="Alpha" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось узнать, включён ли рейтинг.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await table()).toBeTruthy();
  });
});

describe('RatingPage for an admin', () => {
  beforeEach(() => setRole(Role.Admin));

  it('shows the ranking with the school’s switch, no standing of their own', async () => {
    const { sent } = stub({ [LIST]: () => page([row(1, 'Анна', { student_id: 7 })]) });
    render(<RatingPage school="Alpha" />);
    await table();
    const toggle = screen.getByRole('switch', { name: 'Рейтинг учеников включён' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(screen.queryByRole('region', { name: 'Ваши результаты' })).toBeNull();
    expect(sent.some((r) => r.path === 'Alpha/student_rating/individual_rating/')).toBe(false);
  });

  it('turns the rating off and on again', async () => {
    const { sent } = stub({ 'PATCH Alpha/rating_settings/': (request) => json(request.body) });
    render(<RatingPage school="Alpha" />);
    await table();
    fireEvent.click(screen.getByRole('switch', { name: 'Рейтинг учеников включён' }));
    expect(await screen.findByRole('heading', { name: 'Рейтинг отключён в этой школе' })).toBeTruthy();
    expect(screen.getByText('Ученики не видят рейтинг. Включите его, чтобы они могли сравнить свои успехи.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(toastTexts()).toContain('Рейтинг выключен.');
    const toggle = screen.getByRole('switch', { name: 'Рейтинг учеников включён' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    expect(await table()).toBeTruthy();
    expect(sent.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ enabled: false }, { enabled: true }]);
  });

  it('leaves the switch as it was when saving fails', async () => {
    stub({ 'PATCH Alpha/rating_settings/': () => json({ code: 'FORBIDDEN', message: 'У вас нет прав для выполнения этого действия.' }, 403) });
    render(<RatingPage school="Alpha" />);
    await table();
    const toggle = screen.getByRole('switch', { name: 'Рейтинг учеников включён' }) as HTMLInputElement;
    fireEvent.click(toggle);
    await waitFor(() => expect(toastTexts()).toContain('У вас нет прав для выполнения этого действия.'));
    expect(toggle.checked).toBe(true);
    expect(screen.getByRole('table')).toBeTruthy();
  });
});
