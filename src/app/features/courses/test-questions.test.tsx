import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $toasts } from '../../ui/toasts.tsx';
import type { Question, QuestionType } from './course-api.ts';
import { TestQuestions } from './test-questions.tsx';

const question = (id: number, type: QuestionType, own: Partial<Question> = {}): Question => ({
  question_id: id,
  id,
  test: 7,
  question_type: type,
  multiple_answer: type === 'multiple',
  body: `<p>Вопрос ${id}</p>`,
  picture: null,
  order: id,
  case_sensitive: type === 'text' ? false : null,
  only_whole_numbers: type === 'number' ? false : null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  answers: [],
  ...own,
});

const labels = () => screen.queryAllByRole('listitem').filter((li) => li.classList.contains('question-item')).map((li) => li.getAttribute('aria-label'));

beforeEach(() => $toasts.set([]));

describe('TestQuestions', () => {
  it('says the test has no questions, and adds one of each type at the end with focus on it', async () => {
    let next = 0;
    const { sent } = stubApi({
      'GET Alpha/tests/10/get_questions/': () => json({ questions: [] }),
      'POST Alpha/questions/': (request) => json(question(++next, (request.body as { question_type: QuestionType }).question_type), 201),
    });
    render(<TestQuestions school="Alpha" testId={10} />);
    expect(screen.getByRole('status').textContent).toBe('Загрузка...');
    expect(await screen.findByRole('heading', { name: 'В тесте пока нет вопросов' })).toBeTruthy();
    const add = screen.getByRole('group', { name: 'Добавить вопрос' });
    expect(within(add).getAllByRole('button').map((button) => button.textContent)).toEqual([
      '+ Один ответ',
      '+ Несколько ответов',
      '+ Свободный ответ',
      '+ Число',
      '+ Порядок',
      '+ Соответствие',
    ]);
    fireEvent.click(within(add).getByRole('button', { name: '+ Число' }));
    await waitFor(() => expect(labels()).toEqual(['Вопрос 1. Число']));
    expect(sent.at(-1)!.body).toEqual({ test: 10, question_type: 'number' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Вопрос 1. Число'));
    fireEvent.click(within(add).getByRole('button', { name: '+ Соответствие' }));
    await waitFor(() => expect(labels()).toEqual(['Вопрос 1. Число', 'Вопрос 2. Соответствие']));
    expect(screen.queryByText('В тесте пока нет вопросов')).toBeNull();
  });

  it('shows a failed load with a retry', async () => {
    let calls = 0;
    stubApi({
      'GET Alpha/tests/10/get_questions/': () => (++calls === 1 ? json({ code: 'TEST_NOT_FOUND', message: 'Тест не найден.' }, 404) : json({ questions: [question(1, 'single')] })),
    });
    render(<TestQuestions school="Alpha" testId={10} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Тест не найден.');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(labels()).toEqual(['Вопрос 1. Один ответ']));
  });

  it('moves a question from the keyboard with the focus kept on the button, telling the server the order', async () => {
    const { sent } = stubApi({
      'GET Alpha/tests/10/get_questions/': () => json({ questions: [question(1, 'single'), question(2, 'text')] }),
      'POST Alpha/question_order/': () => json({ detail: 'ok' }),
    });
    render(<TestQuestions school="Alpha" testId={10} />);
    await waitFor(() => expect(labels()).toEqual(['Вопрос 1. Один ответ', 'Вопрос 2. Свободный ответ']));
    const down = screen.getByRole('button', { name: 'Переместить «Вопрос 1. Один ответ» вниз' });
    down.focus();
    fireEvent.click(down);
    expect(labels()).toEqual(['Вопрос 1. Свободный ответ', 'Вопрос 2. Один ответ']);
    await waitFor(() => expect(sent.some((request) => request.path === 'Alpha/question_order/')).toBe(true));
    expect(sent.find((request) => request.path === 'Alpha/question_order/')!.body).toEqual([
      { question_id: 2, order: 1 },
      { question_id: 1, order: 2 },
    ]);
    // At the end the button it was moved with is disabled: the focus goes to its other button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Переместить «Вопрос 2. Один ответ» вверх' }));
  });

  it('puts the questions back when the server refuses the order', async () => {
    stubApi({
      'GET Alpha/tests/10/get_questions/': () => json({ questions: [question(1, 'single'), question(2, 'text')] }),
      'POST Alpha/question_order/': () => json({ code: 'QUESTION_NOT_FOUND', message: 'Вопросы с ID [2] не найдены.' }, 400),
    });
    render(<TestQuestions school="Alpha" testId={10} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Переместить «Вопрос 2. Свободный ответ» вверх' }));
    await waitFor(() => expect($toasts.get().map((toast) => toast.text)).toEqual(['Вопросы с ID [2] не найдены.']));
    expect(labels()).toEqual(['Вопрос 1. Один ответ', 'Вопрос 2. Свободный ответ']);
  });

  it('deletes a question only after the confirmation; Escape cancels it', async () => {
    const { sent } = stubApi({
      'GET Alpha/tests/10/get_questions/': () => json({ questions: [question(1, 'single'), question(2, 'order')] }),
      'DELETE Alpha/questions/1/': () => new Response(null, { status: 204 }),
    });
    render(<TestQuestions school="Alpha" testId={10} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить «Вопрос 1. Один ответ»' }));
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Удалить вопрос?' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(labels()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить «Вопрос 1. Один ответ»' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Удалить вопрос?' })).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(labels()).toEqual(['Вопрос 1. Порядок']));
    expect(sent.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual(['Alpha/questions/1/']);
  });
});
