import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import type { Question, QuestionType } from './course-api.ts';
import { QuestionEditor } from './question-editor.tsx';

const question = (id: number, type: QuestionType, own: Partial<Question> = {}): Question => ({
  question_id: id,
  id,
  test: 7,
  question_type: type,
  multiple_answer: type === 'multiple',
  body: '',
  picture: null,
  order: 1,
  case_sensitive: type === 'text' ? false : null,
  only_whole_numbers: type === 'number' ? false : null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  answers: [],
  ...own,
});

describe('QuestionEditor', () => {
  it('edits the text in the rich-text editor and shows the answers of its type', async () => {
    stubApi({});
    render(<QuestionEditor school="Alpha" question={question(3, 'single', { body: '<p>Столица?</p>', answers: [{ answer_id: 1, id: 1, question: 3, body: 'Минск', is_correct: true, picture: null, answer_in_range: false, from_digit: null, to_digit: null, match_body: null, order: 1 }] })} />);
    expect((await screen.findByRole('textbox', { name: 'Текст вопроса' })).textContent).toBe('Столица?');
    expect((screen.getByRole('radio', { name: 'Ответ 1 правильный' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('checkbox', { name: 'Учитывать регистр' })).toBeNull();
  });

  it('saves a setting at once through the autosave: saving, saved', async () => {
    const answer = deferred<Response>();
    const { sent } = stubApi({ 'PATCH Alpha/questions/3/': () => answer.promise });
    render(<QuestionEditor school="Alpha" question={question(3, 'text')} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Учитывать регистр' }));
    expect(await screen.findByText('Сохранение…')).toBeTruthy();
    answer.resolve(json(question(3, 'text', { case_sensitive: true })));
    expect(await screen.findByText('Сохранено')).toBeTruthy();
    expect(sent.map((request) => request.body)).toEqual([{ case_sensitive: true }]);
  });

  it('shows a refused setting under its field, and saves it again on retry', async () => {
    let calls = 0;
    const message = 'Среди ответов есть дробные числа: исправьте их сначала.';
    const { sent } = stubApi({
      'PATCH Alpha/questions/4/': () => (++calls === 1 ? json({ code: 'VALIDATION_ERROR', message, fields: { only_whole_numbers: [message] } }, 400) : json(question(4, 'number', { only_whole_numbers: true }))),
    });
    render(<QuestionEditor school="Alpha" question={question(4, 'number')} />);
    const box = screen.getByRole('checkbox', { name: 'Только целые числа' });
    fireEvent.click(box);
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(box.getAttribute('aria-describedby')!)!.textContent).toBe(message);
    expect(screen.getByText(`Не сохранено: ${message}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Сохранено')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('false');
    expect(sent.map((request) => request.body)).toEqual([{ only_whole_numbers: true }, { only_whole_numbers: true }]);
  });
});
