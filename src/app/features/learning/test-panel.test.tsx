import { resetUser, signIn } from '#core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, stubApi, type SentRequest } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import type { LessonDetail, StudentQuestion, StudentTest, TestAttempt, TestResult } from './learning-api.ts';
import { TestPanel } from './test-panel.tsx';

const lesson = (own: Partial<LessonDetail> = {}): LessonDetail => ({
  id: 7,
  baselesson_ptr_id: 7,
  type: 'test',
  section: 1,
  section_id: 1,
  course_id: 2,
  name: 'Итоговый тест',
  order: 1,
  active: true,
  points: 0,
  author_id: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  previous: null,
  next: null,
  viewed: true,
  completed: false,
  sended: false,
  success_percent: 60,
  show_right_answers: true,
  attempt_limit: true,
  attempt_count: 3,
  has_timer: false,
  time_limit: null,
  attempts_left: 2,
  passed: false,
  best_percent: null,
  ...own,
});

const option = (answer_id: number, body: string) => ({ answer_id, body, picture: null });
const question = (question_id: number, question_type: StudentQuestion['question_type'], body: string, answers: ReturnType<typeof option>[] = [], own: Partial<StudentQuestion> = {}): StudentQuestion => ({
  question_id,
  question_type,
  multiple_answer: question_type === 'multiple',
  body: `<p>${body}</p>`,
  picture: null,
  answers,
  ...own,
});

const QUESTIONS: StudentQuestion[] = [
  question(1, 'single', 'Столица Франции?', [option(11, 'Париж'), option(12, 'Лион')]),
  question(2, 'multiple', 'Чётные числа', [option(21, 'Два'), option(22, 'Три'), option(23, 'Четыре')]),
  question(3, 'text', 'Столица России?'),
  question(4, 'number', 'Половина от пяти?'),
  question(5, 'order', 'По возрастанию', [option(51, 'Три'), option(52, 'Один'), option(53, 'Два')]),
  question(6, 'match', 'Страна и столица', [option(61, 'Франция'), option(62, 'Италия')], {
    match_options: [
      { id: 91, body: '<b>Рим</b>' },
      { id: 92, body: 'Париж' },
    ],
  }),
];

const studentTest = (own: Partial<StudentTest> = {}): StudentTest => ({
  test_id: 7,
  name: 'Итоговый тест',
  time_limit: null,
  has_timer: false,
  attempt_limit: true,
  attempts_left: 2,
  success_percent: 60,
  user_test_id: 70,
  deadline: null,
  questions: QUESTIONS,
  ...own,
});

const result = (own: Partial<TestResult> = {}): TestResult => ({
  user_test_id: 40,
  test: 7,
  success_percent: 100,
  status: true,
  points: 6,
  max_points: 6,
  attempt_count: 1,
  attempts_left: 1,
  ...own,
});

const attempt = (id: number, percent: number, passed: boolean): TestAttempt => ({
  user_test_id: id,
  success_percent: percent,
  status: passed,
  points: Math.round(percent / 20),
  max_points: 5,
  created_at: '2026-03-05T09:00:00.000Z',
  submitted_at: '2026-03-05T09:10:00.000Z',
});

const refuse = (status: number, code: string, message: string) => json({ code, message }, status);
const submitted = (sent: SentRequest[]) => sent.filter((request) => request.method === 'POST' && request.path === 'Alpha/usertest/');

function stubTest(routes: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET Alpha/tests/7/get_questions/': () => json(studentTest()),
    'GET Alpha/tests/7/usertests/': () => json([]),
    'POST Alpha/usertest/': () => json(result(), 201),
    ...routes,
  });
}

async function startTest() {
  fireEvent.click(await screen.findByRole('button', { name: 'Начать тест' }));
  return screen.findByRole('navigation', { name: 'Вопросы теста' });
}

beforeEach(() => {
  sessionStorage.clear();
  resetUser();
  signIn({ access: 'token-1', refresh: 'r', userId: 3, email: 'student@alpha.ru' });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('TestPanel: the start screen', () => {
  it('shows the rules, the attempts left, the best result and the previous attempts', async () => {
    stubTest({
      'GET Alpha/tests/7/usertests/': () => json([attempt(2, 80, false), attempt(1, 40, false), { ...attempt(3, 0, false), success_percent: null, status: null, points: null, max_points: null, submitted_at: null } as unknown as TestAttempt]),
    });
    render(<TestPanel school="Alpha" lesson={lesson({ best_percent: 80 })} onChanged={vi.fn()} />);
    await screen.findByRole('button', { name: 'Начать тест' });
    const facts = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(facts('Вопросов')).toBe('6');
    expect(facts('Для прохождения')).toBe('60 %');
    expect(facts('Время на прохождение')).toBe('Без ограничения');
    expect(facts('Осталось попыток')).toBe('2');
    expect(facts('Лучший результат')).toBe('80 %');
    const table = await screen.findByRole('table', { name: 'Предыдущие попытки' });
    const rows = within(table).getAllByRole('row').slice(1);
    // Graded attempts only, in the order they were made.
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['40 %', '80 %']);
    expect(within(rows[0]!).getByText('2 из 5')).toBeTruthy();
    expect(within(rows[0]!).getByText('Не пройден')).toBeTruthy();
    expect(rows[0]!.querySelector('time')!.getAttribute('dateTime')).toBe('2026-03-05T09:10:00.000Z');
    expect(rows[0]!.querySelector('time')!.textContent).toMatch(/5 марта 2026/);
  });

  it("does not read a timed test's questions before it is started: the server's clock would run", async () => {
    const { sent } = stubTest();
    render(<TestPanel school="Alpha" lesson={lesson({ has_timer: true, time_limit: '01:30:00', attempts_left: null, questions_count: 4 })} onChanged={vi.fn()} />);
    await screen.findByRole('button', { name: 'Начать тест' });
    const facts = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(facts('Время на прохождение')).toBe('1 час 30 минут');
    expect(facts('Осталось попыток')).toBe('Без ограничения');
    expect(facts('Лучший результат')).toBe('Ещё нет');
    // How many questions, from the lesson: the attempt's are read only once it starts.
    expect(facts('Вопросов')).toBe('4');
    expect(screen.getByText(/Время пойдёт, как только вы начнёте тест/)).toBeTruthy();
    await waitFor(() => expect(sent.some((request) => request.path.endsWith('usertests/'))).toBe(true));
    expect(sent.some((request) => request.path.endsWith('get_questions/'))).toBe(false);
  });

  it("says 'Попытки закончились.' and offers no start when none are left, without opening an attempt", async () => {
    const { sent } = stubTest();
    render(<TestPanel school="Alpha" lesson={lesson({ attempts_left: 0 })} onChanged={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Попытки закончились.');
    await waitFor(() => expect(sent.some((request) => request.path.endsWith('usertests/'))).toBe(true));
    expect(screen.queryByRole('button', { name: 'Начать тест' })).toBeNull();
    expect(sent.some((request) => request.path.endsWith('get_questions/'))).toBe(false);
  });

  it('says a passed test is passed, and shows a lock the server gives as it is', async () => {
    stubTest();
    const { unmount } = render(<TestPanel school="Alpha" lesson={lesson({ passed: true, best_percent: 100 })} onChanged={vi.fn()} />);
    expect(await screen.findByText('Вы уже прошли этот тест.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Начать тест' })).toBeNull();
    unmount();

    stubTest({ 'GET Alpha/tests/7/get_questions/': () => refuse(403, 'ACCESS_EXPIRED', 'Срок доступа к курсу истёк.') });
    render(<TestPanel school="Alpha" lesson={lesson()} onChanged={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Срок доступа к курсу истёк.');
    expect(screen.queryByRole('button', { name: 'Начать тест' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
  });

  it('shows the refusal of start-test: used-up attempts lock the test, another failure may be tried again', async () => {
    let answer = () => refuse(500, 'SERVER_ERROR', 'x');
    const { sent } = stubTest({
      'GET Alpha/tests/7/get_questions/': () => json(studentTest({ has_timer: true, time_limit: '00:10:00' })),
      'POST Alpha/tests/7/start-test/': () => answer(),
    });
    render(<TestPanel school="Alpha" lesson={lesson({ has_timer: true })} onChanged={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Начать тест' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/на сервере/);
    answer = () => refuse(403, 'ATTEMPTS_EXHAUSTED', 'Попытки закончились.');
    fireEvent.click(screen.getByRole('button', { name: 'Начать тест' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Попытки закончились.'));
    expect(screen.queryByRole('button', { name: 'Начать тест' })).toBeNull();
    expect(sent.filter((request) => request.path.endsWith('start-test/'))).toHaveLength(2);
    expect(sent.some((request) => request.path.endsWith('check-timer/'))).toBe(false);
  });
});

describe('TestPanel: taking the test', () => {
  it("sends each question type's answer as the server reads it, then shows its grade", async () => {
    const onChanged = vi.fn();
    const { sent } = stubTest();
    render(<TestPanel school="Alpha" lesson={lesson()} onChanged={onChanged} />);
    await startTest();
    // An untimed test is not started on the server.
    expect(sent.some((request) => request.path.endsWith('start-test/'))).toBe(false);

    expect(screen.getByRole('heading', { name: 'Вопрос 1 из 6' })).toBeTruthy();
    expect(screen.getByText('Столица Франции?')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Назад' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Лион' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Париж' }));
    expect(screen.getByRole('button', { name: 'Вопрос 1, есть ответ' }).getAttribute('aria-current')).toBe('step');
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));

    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Вопрос 2 из 6' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Два' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Три' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Четыре' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Три' }));
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));

    fireEvent.change(screen.getByRole('textbox', { name: 'Ваш ответ' }), { target: { value: ' Москва ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));

    const number = screen.getByRole('textbox', { name: 'Число' });
    fireEvent.change(number, { target: { value: 'два с половиной' } });
    expect(screen.getByText('Введите число, например 12 или 3,5.')).toBeTruthy();
    expect(number.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(number, { target: { value: '2,5' } });
    expect(screen.queryByText('Введите число, например 12 или 3,5.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));

    const items = () => screen.getAllByRole('listitem').filter((item) => item.classList.contains('test-order-item')).map((item) => item.querySelector('.test-answer-body')!.textContent);
    expect(items()).toEqual(['Три', 'Один', 'Два']);
    expect((screen.getByRole('button', { name: 'Переместить «Три» выше' }) as HTMLButtonElement).disabled).toBe(true);
    const up = screen.getByRole('button', { name: 'Переместить «Один» выше' });
    up.focus();
    fireEvent.click(up);
    expect(items()).toEqual(['Один', 'Три', 'Два']);
    // Keyboard users keep their place: the moved item's other button, as this one is now disabled.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Переместить «Один» ниже' }));
    expect(screen.getByText('«Один» теперь на месте 1 из 3.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Переместить «Два» выше' }));
    expect(items()).toEqual(['Один', 'Два', 'Три']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Переместить «Два» выше' }));
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));

    expect((screen.getByRole('button', { name: 'Далее' }) as HTMLButtonElement).disabled).toBe(true);
    const france = screen.getByRole('combobox', { name: 'Пара для «Франция»' });
    expect(within(france).getAllByRole('option').map((one) => one.textContent)).toEqual(['— выберите —', 'Рим', 'Париж']);
    fireEvent.change(france, { target: { value: '92' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Пара для «Италия»' }), { target: { value: '91' } });
    expect(screen.getByText('Отвечено: 6 из 6')).toBeTruthy();

    // Everything answered: no question asked.
    fireEvent.click(screen.getByRole('button', { name: 'Завершить тест' }));
    expect(await screen.findByRole('heading', { name: 'Тест пройден' })).toBeTruthy();
    expect(submitted(sent)[0]!.body).toEqual({
      test: 7,
      answers: [
        { question: 1, answers: [11] },
        { question: 2, answers: [21, 23] },
        { question: 3, text: 'Москва' },
        { question: 4, number: 2.5 },
        { question: 5, order: [52, 53, 51] },
        { question: 6, pairs: [[61, 92], [62, 91]] },
      ],
    });
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('asks before finishing with questions unanswered, jumps by the list, shows all on one page', async () => {
    const { sent } = stubTest({ 'POST Alpha/usertest/': () => json(result({ status: false, success_percent: 0, points: 0, attempts_left: 0 }), 201) });
    render(<TestPanel school="Alpha" lesson={lesson()} onChanged={vi.fn()} />);
    await startTest();

    fireEvent.click(screen.getByRole('button', { name: 'Вопрос 3, без ответа' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Вопрос 3 из 6' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Ваш ответ' }), { target: { value: 'Москва' } });
    fireEvent.click(screen.getByRole('button', { name: 'Вопрос 1, без ответа' }));
    fireEvent.click(screen.getByRole('button', { name: 'Вопрос 3, есть ответ' }));
    // What was typed stays while moving between questions.
    expect((screen.getByRole('textbox', { name: 'Ваш ответ' }) as HTMLInputElement).value).toBe('Москва');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Все вопросы на одной странице' }));
    expect(screen.getAllByRole('heading', { name: /^Вопрос \d из 6$/ })).toHaveLength(6);
    expect(screen.queryByRole('button', { name: 'Далее' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Завершить тест' }));
    const dialog = screen.getByRole('dialog', { name: 'Завершить тест?' });
    // The ordering has an answer as it stands; the other four do not.
    expect(dialog.textContent).toContain('Без ответа остались 4 вопроса.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Вернуться к тесту' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(submitted(sent)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Завершить тест' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Завершить' }));
    expect(await screen.findByRole('heading', { name: 'Тест не пройден' })).toBeTruthy();
    expect(submitted(sent)[0]!.body).toEqual({
      test: 7,
      answers: [
        { question: 2, answers: [] },
        { question: 3, text: 'Москва' },
        { question: 5, order: [51, 52, 53] },
      ],
    });
    // The last attempt failed: no retry, and the lock said plainly.
    expect(screen.getByRole('alert').textContent).toBe('Попытки закончились.');
    expect(screen.queryByRole('button', { name: 'Пройти ещё раз' })).toBeNull();
  });

  it('starts afresh on another test', async () => {
    stubTest({ 'GET Alpha/tests/8/get_questions/': () => json(studentTest({ test_id: 8, questions: QUESTIONS.slice(0, 1) })), 'GET Alpha/tests/8/usertests/': () => json([]) });
    const { rerender } = render(<TestPanel school="Alpha" lesson={lesson()} onChanged={vi.fn()} />);
    await startTest();
    expect(screen.getByRole('heading', { name: 'Вопрос 1 из 6' })).toBeTruthy();
    rerender(<TestPanel school="Alpha" lesson={lesson({ id: 8, baselesson_ptr_id: 8 })} onChanged={vi.fn()} />);
    await waitFor(() => expect(screen.getByText('Вопросов').nextElementSibling?.textContent).toBe('1'));
    expect(screen.queryByRole('navigation', { name: 'Вопросы теста' })).toBeNull();
  });

  it('keeps the answers through a reload of the page until they are sent, trusting nothing stored that does not fit', async () => {
    const { sent } = stubTest();
    const first = render(<TestPanel school="Alpha" lesson={lesson()} onChanged={vi.fn()} />);
    await startTest();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Все вопросы на одной странице' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Париж' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Ваш ответ' }), { target: { value: 'Москва' } });
    first.unmount();

    // What a reload finds: the same open attempt, and a stored draft that names an answer the
    // question does not have (edited by hand), which is dropped.
    const key = 'ch-test-answers|Alpha|7';
    const stored = JSON.parse(sessionStorage.getItem(key)!);
    sessionStorage.setItem(key, JSON.stringify({ ...stored, 2: { kind: 'choice', ids: [999] } }));
    render(<TestPanel school="Alpha" lesson={lesson()} onChanged={vi.fn()} />);
    await startTest();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Все вопросы на одной странице' }));
    expect((screen.getByRole('radio', { name: 'Париж' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Ваш ответ' }) as HTMLInputElement).value).toBe('Москва');
    expect(screen.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Завершить тест' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Завершить' }));
    expect(await screen.findByRole('heading', { name: 'Тест пройден' })).toBeTruthy();
    expect(submitted(sent)[0]!.body).toMatchObject({ answers: expect.arrayContaining([{ question: 1, answers: [11] }, { question: 3, text: 'Москва' }]) });
    // Sent: nothing is kept for the next attempt.
    expect(sessionStorage.getItem(key)).toBeNull();
  });

  it('stores an answer as it is given, so a reload straight after a choice keeps it (not after the render)', async () => {
    stubTest();
    const key = 'ch-test-answers|Alpha|7';
    const first = render(<TestPanel school="Alpha" lesson={lesson()} onChanged={vi.fn()} />);
    await startTest();
    // Stored in the click's own handler, before React renders it: a browser may run an effect
    // only in a later task, after a reload has already begun, and the answer was lost then.
    const counter = () => screen.getByText(/^Отвечено: \d+ из \d+$/).textContent;
    const real = window.sessionStorage;
    const stored: [string, string | null][] = [];
    const before = counter();
    // The tab's storage, seen as it is written (each write with what the page shows then).
    const watched = {
      getItem: (name: string) => real.getItem(name),
      removeItem: (name: string) => real.removeItem(name),
      setItem: (name: string, value: string) => {
        if (name === key) stored.push([value, counter()]);
        real.setItem(name, value);
      },
    };
    Object.defineProperty(window, 'sessionStorage', { value: watched, configurable: true });
    try {
      fireEvent.click(screen.getByRole('radio', { name: 'Париж' }));
    } finally {
      Object.defineProperty(window, 'sessionStorage', { value: real, configurable: true });
    }
    expect(stored[0]).toEqual([JSON.stringify({ 1: { kind: 'choice', ids: [11] } }), before]);
    expect(counter()).not.toBe(before);
    first.unmount();
    render(<TestPanel school="Alpha" lesson={lesson()} onChanged={vi.fn()} />);
    await startTest();
    expect((screen.getByRole('radio', { name: 'Париж' }) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps the answers and shows the reason when sending them fails', async () => {
    let answer = () => refuse(400, 'BAD_ANSWERS', 'Ответы не приняты.');
    const { sent } = stubTest({ 'POST Alpha/usertest/': () => answer() });
    render(<TestPanel school="Alpha" lesson={lesson()} onChanged={vi.fn()} />);
    await startTest();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Все вопросы на одной странице' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Париж' }));
    fireEvent.click(screen.getByRole('button', { name: 'Завершить тест' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Завершить' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ответы не приняты.');
    expect((screen.getByRole('radio', { name: 'Париж' }) as HTMLInputElement).checked).toBe(true);
    answer = () => json(result(), 201);
    fireEvent.click(screen.getByRole('button', { name: 'Завершить тест' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Завершить' }));
    expect(await screen.findByRole('heading', { name: 'Тест пройден' })).toBeTruthy();
    expect(submitted(sent)).toHaveLength(2);
  });
});

describe('TestPanel: a timed test', () => {
  it('starts on the server, counts down from check-timer and sends what is answered at zero', async () => {
    const start = Date.parse('2026-03-05T09:00:00.000Z');
    const reply = deferred<Response>();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: start });
    const { sent } = stubTest({
      'GET Alpha/tests/7/get_questions/': () => json(studentTest({ has_timer: true, time_limit: '00:01:00' })),
      // This device's clock is an hour behind the server's: only the remaining seconds count.
      'POST Alpha/tests/7/start-test/': () => json({ status: 'Success', message: 'Тест успешно начат', user_test_id: 40, start_time: '2026-03-05T10:00:00.000Z', deadline: '2026-03-05T10:01:00.000Z' }),
      'GET Alpha/tests/7/check-timer/': () => json({ status: 'Time Remaining', remaining_time: Math.max(0, 60 - Math.round((Date.now() - start) / 1000)) }),
      'POST Alpha/usertest/': () => reply.promise,
    });
    render(<TestPanel school="Alpha" lesson={lesson({ has_timer: true, time_limit: '00:01:00' })} onChanged={vi.fn()} />);
    await startTest();
    expect(sent.map((request) => `${request.method} ${request.path}`).filter((call) => !call.endsWith('usertests/'))).toEqual([
      'POST Alpha/tests/7/start-test/',
      'GET Alpha/tests/7/get_questions/',
      'GET Alpha/tests/7/check-timer/',
    ]);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('01:00');
    fireEvent.click(screen.getByRole('radio', { name: 'Париж' }));

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByRole('timer').textContent).toBe('00:30');
    expect(screen.getByRole('timer').getAttribute('aria-label')).toBe('Осталось времени: 00:30');
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(screen.getByRole('timer').textContent).toBe('00:01');
    expect(submitted(sent)).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole('timer').textContent).toBe('00:00');
    expect(screen.getByText('Время вышло. Отправляем ваши ответы…', { selector: '.test-time-up' })).toBeTruthy();
    expect((screen.getByRole('group', { name: 'Выберите один ответ' }) as HTMLFieldSetElement).disabled).toBe(true);
    expect(submitted(sent)).toHaveLength(1);
    await act(async () => reply.resolve(json(result({ status: false, success_percent: 16.67, points: 1 }), 201)));
    await vi.waitFor(() => expect(screen.getByRole('heading', { name: 'Тест не пройден' })).toBeTruthy());
    expect(submitted(sent)[0]!.body).toEqual({
      test: 7,
      answers: [
        { question: 1, answers: [11] },
        { question: 2, answers: [] },
        { question: 5, order: [51, 52, 53] },
      ],
    });
    expect(screen.getByText('16,67 %')).toBeTruthy();
    // Another tick after the result sends nothing more.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(submitted(sent)).toHaveLength(1);
  });

  it('sends at once when the server says the time has run out, and says so when the server closed the attempt', async () => {
    const onChanged = vi.fn();
    const { sent } = stubTest({
      'POST Alpha/tests/7/start-test/': () => json({ status: 'Success', message: 'Тест успешно начат', user_test_id: 40, start_time: '2026-03-05T10:00:00.000Z', deadline: '2026-03-05T10:01:00.000Z' }),
      'GET Alpha/tests/7/check-timer/': () => refuse(403, 'TIME_EXPIRED', 'Время прохождения теста истекло'),
      'POST Alpha/usertest/': () => refuse(403, 'TIME_EXPIRED', 'Время прохождения теста истекло'),
    });
    render(<TestPanel school="Alpha" lesson={lesson({ has_timer: true, time_limit: '00:01:00' })} onChanged={onChanged} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Начать тест' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Время прохождения теста истекло');
    expect(submitted(sent)).toHaveLength(1);
    // Back at the start, with the attempts read again and the page told.
    expect(screen.getByRole('button', { name: 'Начать тест' })).toBeTruthy();
    expect(sent.filter((request) => request.path.endsWith('usertests/'))).toHaveLength(2);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });
});

describe('TestPanel: the result', () => {
  it('shows the right answers when the server sends them', async () => {
    stubTest({
      'POST Alpha/usertest/': () =>
        json(
          result({
            status: false,
            success_percent: 50,
            points: 3,
            attempts_left: 0,
            right_answers: [
              { question: 1, correct: true, points: 1, answers: [11] },
              { question: 2, correct: false, points: 0, answers: [21, 23] },
              { question: 3, correct: false, points: 0, texts: ['Москва', 'г. Москва'] },
              { question: 4, correct: true, points: 1, ranges: [{ from: 2.5, to: 2.5 }, { from: 2, to: 3 }] },
              { question: 5, correct: false, points: 0, order: [52, 53, 51] },
              { question: 6, correct: true, points: 1, pairs: [[61, 92], [62, 91]] },
            ],
          }),
          201,
        ),
    });
    render(<TestPanel school="Alpha" lesson={lesson()} onChanged={vi.fn()} />);
    await startTest();
    fireEvent.click(screen.getByRole('button', { name: 'Завершить тест' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Завершить' }));
    const heading = await screen.findByRole('heading', { name: 'Тест не пройден' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const facts = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(facts('Правильных ответов')).toBe('50 %');
    expect(facts('Баллы')).toBe('3 из 6');
    expect(facts('Осталось попыток')).toBe('0');
    const section = screen.getByRole('region', { name: 'Правильные ответы' });
    const entries = within(section).getAllByRole('listitem').filter((item) => item.parentElement?.parentElement === section);
    expect(entries).toHaveLength(6);
    const texts = entries.map((entry) => [...entry.querySelectorAll('.test-right-list li')].map((li) => li.textContent));
    expect(texts).toEqual([['Париж'], ['Два', 'Четыре'], ['Москва', 'г. Москва'], ['Число: 2,5', 'Число от 2 до 3'], ['Один', 'Два', 'Три'], ['Франция — Париж', 'Италия — Рим']]);
    expect(within(entries[0]!).getByText('Верно')).toBeTruthy();
    expect(within(entries[1]!).getByText('Неверно')).toBeTruthy();
    expect(entries[4]!.querySelector('ol.test-right-list')).toBeTruthy();
  });

  it('shows no right answers when the server sends none, and offers another attempt while some are left', async () => {
    let round = 0;
    const { sent } = stubTest({
      'GET Alpha/tests/7/get_questions/': () => {
        round += 1;
        return json(studentTest({ attempts_left: round === 1 ? 2 : 1, questions: round === 1 ? QUESTIONS : QUESTIONS.slice(0, 2) }));
      },
      'POST Alpha/usertest/': () => json(result({ status: false, success_percent: 33.33, points: 2, attempts_left: 1 }), 201),
    });
    render(<TestPanel school="Alpha" lesson={lesson()} onChanged={vi.fn()} />);
    await startTest();
    fireEvent.click(screen.getByRole('button', { name: 'Завершить тест' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Завершить' }));
    expect(await screen.findByRole('heading', { name: 'Тест не пройден' })).toBeTruthy();
    expect(screen.getByText('33,33 %')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Правильные ответы' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Пройти ещё раз' }));
    // A new attempt: its questions read again.
    await waitFor(() => expect(screen.getByText('Вопросов').nextElementSibling?.textContent).toBe('2'));
    expect(screen.getByText('Осталось попыток').nextElementSibling?.textContent).toBe('1');
    expect(sent.filter((request) => request.path.endsWith('get_questions/'))).toHaveLength(2);
    await startTest();
    expect(screen.getByRole('heading', { name: 'Вопрос 1 из 2' })).toBeTruthy();
  });
});
