import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { $router } from '../../router.ts';
import { stubApi, type Answer } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import type { CourseProgress, ProgressReport, StudentLesson, StudentSections } from './student-stats-api.ts';
import StudentStatsPage from './student-stats-page.tsx';
import { formatDay, formatDayTime } from './students-table-format.ts';

const kind = (done: number, all: number) => ({ completed_percent: all ? (done * 100) / all : 0, all_lessons: all, completed_lessons: done });
const course = (id: number, own: Partial<CourseProgress> = {}): CourseProgress => ({
  course_id: id,
  course_name: `Курс ${id}`,
  all_baselessons: 10,
  completed_count: 4,
  completed_percent: 40,
  average_mark: 4.5,
  lessons: kind(2, 5),
  homeworks: kind(1, 3),
  tests: kind(1, 2),
  rank_in_course: 2,
  better_than_percent: 75,
  ...own,
});
const progress = (...courses: CourseProgress[]): ProgressReport => ({ student: 'anna@school.ru', school_id: 1, school_name: 'Alpha', courses });

const lesson = (id: number, own: Partial<StudentLesson> = {}): StudentLesson => ({
  lesson_id: id,
  type: 'lesson',
  name: `Урок ${id}`,
  status: 'not_started',
  mark: null,
  viewed_at: null,
  completed_at: null,
  homework_status: null,
  user_homework_id: null,
  ...own,
});

const sections = (own: Partial<StudentSections> = {}): StudentSections => ({
  school_name: 'Alpha',
  student_id: 31,
  student: { first_name: 'Анна', last_name: 'Иванова', email: 'anna@school.ru', avatar: null, last_login: '2026-03-05T09:00:00.000Z' },
  student_data: [
    {
      group_id: 6,
      group_name: 'Поток 1',
      course_id: 4,
      course_name: 'Курс 4',
      date_added: '2026-01-10T08:00:00.000Z',
      last_active: '2026-03-04T15:30:00.000Z',
      tests_time_seconds: 3900,
      sections: [
        {
          section_id: 2,
          name: 'Введение',
          lessons: [
            lesson(7, { status: 'completed', viewed_at: '2026-02-01T10:00:00.000Z', completed_at: '2026-02-01T10:20:00.000Z' }),
            lesson(8, { type: 'test', name: 'Тест 1', status: 'completed', mark: 85.5, completed_at: '2026-02-02T10:00:00.000Z' }),
            lesson(9, { type: 'homework', name: 'Калькулятор', status: 'submitted', homework_status: 'pending', user_homework_id: 12 }),
            lesson(10, { type: 'homework', name: 'Итоговая работа', status: 'completed', mark: 5, homework_status: 'accepted', user_homework_id: 13 }),
            lesson(11, { type: 'homework', name: 'Не начатая' }),
          ],
        },
      ],
    },
  ],
  ...own,
});

const SECTIONS = 'GET schools/1/section_student/';
const PROGRESS = 'GET Alpha/student_progress/get_student_progress_for_admin_or_teacher/';

function stub(read: Answer = () => json(sections()), progressAnswer: Answer = () => json(progress(course(4), course(5, { rank_in_course: null, average_mark: null })))) {
  const api = stubApi({ [SECTIONS]: read, [PROGRESS]: progressAnswer });
  const queries = () => api.fetch.mock.calls.map(([input]) => new URL(String(input), 'http://x')).map((url) => `${url.pathname}${url.search}`);
  return { ...api, queries };
}

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 8, email: 'teacher@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Teacher);
});

describe('StudentStatsPage', () => {
  it('«Написать ученику» opens the personal chat with the student (issue 15)', async () => {
    const api = stubApi({
      [SECTIONS]: () => json(sections()),
      [PROGRESS]: () => json(progress()),
      'POST Alpha/chats/create_personal_chat/': () => json({ id: 'chat-31', type: 'personal', name: 'Анна Иванова' }, 201),
    });
    render(<StudentStatsPage school="Alpha" studentId={31} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Написать ученику' }));
    await expect.poll(() => $router.get()?.path).toBe('/school/Alpha/chat/chat-31');
    expect(api.sent.find((request) => request.method === 'POST')).toMatchObject({ path: 'Alpha/chats/create_personal_chat/', body: { student_id: 31 } });
  });

  it("shows the student, when they last signed in, and their progress in each course", async () => {
    const { queries } = stub();
    render(<StudentStatsPage school="Alpha" studentId={31} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Анна Иванова' })).toBeTruthy();
    expect(screen.getByText('anna@school.ru')).toBeTruthy();
    // The title is set by an effect after the heading renders.
    await waitFor(() => expect(document.title).toBe('Анна Иванова — CourseHub'));
    expect(screen.getByText(formatDayTime('2026-03-05T09:00:00.000Z')).tagName).toBe('TIME');
    expect(queries().sort()).toEqual([
      '/api/Alpha/student_progress/get_student_progress_for_admin_or_teacher/?student_id=31',
      '/api/schools/1/section_student/?student_id=31',
    ]);
    expect(screen.getByRole('link', { name: 'К статистике' }).getAttribute('href')).toBe('/school/Alpha/courses-stats');

    const progressSection = screen.getByRole('region', { name: 'Прогресс по курсам' });
    const first = (await within(progressSection).findByRole('heading', { level: 3, name: 'Курс 4' })).closest('li')!;
    expect(within(first).getByRole('progressbar', { name: 'Прогресс: Курс 4' }).getAttribute('value')).toBe('40');
    const facts = [...first.querySelectorAll('dl > div')].map((fact) => fact.textContent);
    expect(facts).toEqual(['Уроки2 из 5', 'Домашние задания1 из 3', 'Тесты1 из 2', 'Средний балл4,5', 'Место в курсе2 (лучше, чем 75\u00a0% учеников курса)']);
    const second = within(progressSection).getByRole('heading', { level: 3, name: 'Курс 5' }).closest('li')!;
    expect([...second.querySelectorAll('dd')].slice(3).map((dd) => dd.textContent)).toEqual(['—', '—']);
  });

  it('lists per group the modules and lessons with status, mark, dates, the hand-in and its check page, the last activity and the time on tests', async () => {
    stub();
    render(<StudentStatsPage school="Alpha" studentId={31} />);
    const groups = await screen.findByRole('region', { name: 'Занятия по группам' });
    const group = within(groups).getByRole('heading', { level: 3, name: /Поток 1/ }).closest('li')!;
    expect(group.querySelector('h3')!.textContent).toBe('Поток 1 · Курс 4');
    expect([...group.querySelectorAll('dl > div')].map((fact) => fact.textContent)).toEqual([`В группе с${formatDay('2026-01-10T08:00:00.000Z')}`, `Последняя активность${formatDayTime('2026-03-04T15:30:00.000Z')}`, 'Время на тестах1 ч 5 мин']);

    const table = within(group).getByRole('table', { name: 'Введение' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Занятие', 'Тип', 'Статус', 'Оценка', 'Просмотрено', 'Пройдено', 'Домашнее задание']);
    const cells = (index: number) => [within(rows[index]!).getByRole('rowheader'), ...within(rows[index]!).getAllByRole('cell')].map((cell) => cell.textContent);
    expect(cells(1)).toEqual(['Урок 7', 'Урок', 'Пройдено', '—', formatDayTime('2026-02-01T10:00:00.000Z'), formatDayTime('2026-02-01T10:20:00.000Z'), '—']);
    expect(cells(2)).toEqual(['Тест 1', 'Тест', 'Пройдено', '85,5\u00a0%', '—', formatDayTime('2026-02-02T10:00:00.000Z'), '—']);
    expect(cells(3)).toEqual(['Калькулятор', 'Домашнее задание', 'Отправлено', '—', '—', '—', 'Ждет проверкиПроверить']);
    expect(cells(4)).toEqual(['Итоговая работа', 'Домашнее задание', 'Пройдено', '5', '—', '—', 'ПринятоПроверить']);
    expect(cells(5)).toEqual(['Не начатая', 'Домашнее задание', 'Не начато', '—', '—', '—', '—']);
    expect(within(rows[3]!).getByRole('link', { name: 'Проверить работу: «Калькулятор»' }).getAttribute('href')).toBe('/school/Alpha/home-work/9/12/4');
    expect(within(rows[5]!).queryByRole('link')).toBeNull();
  });

  it('names a student without a name by their e-mail, one who never signed in, and a group without lessons or activity', async () => {
    stub(() =>
      json(
        sections({
          student: { first_name: '', last_name: '', email: 'anna@school.ru', avatar: null, last_login: null },
          student_data: [{ group_id: 6, group_name: 'Поток 1', course_id: 4, course_name: 'Курс 4', date_added: '2026-01-10T08:00:00.000Z', last_active: null, tests_time_seconds: 0, sections: [] }],
        }),
      ),
      () => json(progress()),
    );
    render(<StudentStatsPage school="Alpha" studentId={31} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'anna@school.ru' })).toBeTruthy();
    expect(screen.getByText('Ещё не входил')).toBeTruthy();
    expect(screen.getByText('Нет активности')).toBeTruthy();
    expect(screen.getByText('0 мин')).toBeTruthy();
    expect(screen.getByText('В группах ученика пока нет занятий.')).toBeTruthy();
    expect(await screen.findByText('Ученик пока не учится ни на одном курсе.')).toBeTruthy();
  });

  it('says the student is not found when they are not in the teacher’s groups, or the address holds no id', async () => {
    const { unmount } = render(<StudentStatsPage school="Alpha" studentId={Number.NaN} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Ученик не найден' })).toBeTruthy();
    unmount();

    stub(() => json({ code: 'STUDENT_NOT_FOUND', message: 'Ученик не найден.' }, 404), () => json({ code: 'STUDENT_NOT_FOUND', message: 'Студент не найден.' }, 404));
    render(<StudentStatsPage school="Alpha" studentId={99} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ученик не найден' })).toBeTruthy();
    expect(screen.getByText('Возможно, ученик не учится в ваших группах.')).toBeTruthy();
    // The title is set by an effect after the heading renders.
    await waitFor(() => expect(document.title).toBe('Ученик не найден — CourseHub'));
  });

  it('shows a failed load with its reason and tries again; a failed progress has its own retry', async () => {
    let reads = 0;
    let progressReads = 0;
    stub(
      () => (++reads === 1 ? json({ code: 'SERVER_ERROR', message: 'Сервер недоступен.' }, 503) : json(sections())),
      () => (++progressReads === 1 ? json({ code: 'SERVER_ERROR', message: 'Сервер недоступен.' }, 503) : json(progress(course(4)))),
    );
    render(<StudentStatsPage school="Alpha" studentId={31} />);
    expect(screen.getByRole('status').textContent).toBe('Загрузка...');
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Повторить' }));
    await screen.findByRole('heading', { level: 1, name: 'Анна Иванова' });
    const progressSection = screen.getByRole('region', { name: 'Прогресс по курсам' });
    const alert = await within(progressSection).findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить прогресс.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await within(progressSection).findByRole('heading', { level: 3, name: 'Курс 4' })).toBeTruthy();
    expect([reads, progressReads]).toEqual([2, 2]);
  });
});
