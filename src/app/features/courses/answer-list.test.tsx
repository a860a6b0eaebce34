import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $toasts } from '../../ui/toasts.tsx';
import { AnswerList, answerLabel, parseNumber, plainText, textAsHtml } from './answer-list.tsx';
import type { Answer, QuestionType } from './course-api.ts';

const answer = (id: number, own: Partial<Answer> = {}): Answer => ({
  answer_id: id,
  id,
  question: 1,
  body: `<p>Ответ ${id}</p>`,
  is_correct: false,
  picture: null,
  answer_in_range: false,
  from_digit: null,
  to_digit: null,
  match_body: null,
  order: id,
  ...own,
});

function Harness({ type, initial }: { type: QuestionType; initial: Answer[] }) {
  const [answers, setAnswers] = useState<readonly Answer[]>(initial);
  return <AnswerList school="Alpha" questionId={7} type={type} answers={answers} onAnswers={setAnswers} />;
}

const fieldError = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
const patches = (sent: { method: string; body: unknown }[]) => sent.filter((request) => request.method === 'PATCH').map((request) => request.body);

beforeEach(() => $toasts.set([]));

describe('answer text helpers', () => {
  it('edits rich answers as text and sends text back as escaped HTML', () => {
    expect(plainText('<p>a &lt; <b>b</b></p>')).toBe('a < b');
    expect(plainText('просто')).toBe('просто');
    expect(plainText(null)).toBe('');
    expect(textAsHtml('<b> & "x"')).toBe('&lt;b&gt; &amp; &quot;x&quot;');
    expect(parseNumber(' 2,5 ')).toBe(2.5);
    expect(parseNumber('-')).toBeNull();
    expect(parseNumber('abc')).toBeNull();
    expect(answerLabel('match', 2)).toBe('Пара 2');
  });
});

describe('AnswerList', () => {
  it('marks one right answer with radio buttons: choosing another unmarks the first', async () => {
    const { sent } = stubApi({ 'PATCH Alpha/answers/2/': () => json(answer(2, { is_correct: true })) });
    render(<Harness type="single" initial={[answer(1, { is_correct: true }), answer(2)]} />);
    expect(screen.getByText('Отметьте один правильный ответ.')).toBeTruthy();
    const first = screen.getByRole('radio', { name: 'Ответ 1 правильный' }) as HTMLInputElement;
    const second = screen.getByRole('radio', { name: 'Ответ 2 правильный' }) as HTMLInputElement;
    expect((screen.getByRole('textbox', { name: 'Ответ 1' }) as HTMLInputElement).value).toBe('Ответ 1');
    fireEvent.click(second);
    expect(second.checked).toBe(true);
    expect(first.checked).toBe(false);
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Ответ 2' })).getByText('Сохранено')).toBeTruthy());
    expect(patches(sent)).toEqual([{ is_correct: true }]);
  });

  it('marks several right answers with check boxes and saves a text on leaving the field, as HTML', async () => {
    const { sent } = stubApi({
      'PATCH Alpha/answers/1/': (request) => json(answer(1, request.body as Partial<Answer>)),
      'PATCH Alpha/answers/2/': () => json(answer(2, { is_correct: true })),
    });
    render(<Harness type="multiple" initial={[answer(1, { is_correct: true }), answer(2)]} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ответ 2 правильный' }));
    expect((screen.getByRole('checkbox', { name: 'Ответ 1 правильный' }) as HTMLInputElement).checked).toBe(true);
    const text = screen.getByRole('textbox', { name: 'Ответ 1' });
    fireEvent.change(text, { target: { value: 'a < b' } });
    fireEvent.blur(text);
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Ответ 1' })).getByText('Сохранено')).toBeTruthy());
    expect(patches(sent)).toEqual([{ is_correct: true }, { body: 'a &lt; b' }]);
  });

  it('adds an accepted text through its form, showing the server field error under it', async () => {
    let calls = 0;
    const { sent } = stubApi({
      'POST Alpha/answers/': () =>
        ++calls === 1
          ? json({ code: 'VALIDATION_ERROR', message: 'Укажите принимаемый ответ.', fields: { body: ['Укажите принимаемый ответ.'] } }, 400)
          : json(answer(5, { body: 'Москва', is_correct: true }), 201),
    });
    render(<Harness type="text" initial={[]} />);
    expect(screen.getByText('У вопроса пока нет ответов.')).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Новый принимаемый ответ' });
    fireEvent.click(screen.getByRole('button', { name: '+ Добавить ответ' }));
    await waitFor(() => expect(fieldError(field)).toBe('Укажите принимаемый ответ.'));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: 'Москва' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Принимаемый ответ 1' }) as HTMLInputElement).value).toBe('Москва'));
    expect(sent.map((request) => request.body)).toEqual([
      { question: 7, body: '' },
      { question: 7, body: 'Москва' },
    ]);
    expect((field as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Принимаемый ответ 1' })));
  });

  it('takes a number or a range, and shows what the server refuses under its field', async () => {
    const { sent } = stubApi({
      'POST Alpha/answers/': () => json(answer(3, { body: '', is_correct: true, from_digit: 0, to_digit: 0 }), 201),
      'PATCH Alpha/answers/3/': (request) =>
        (request.body as { to_digit?: number }).to_digit === 1
          ? json({ code: 'VALIDATION_ERROR', message: 'Начало диапазона не больше конца.', fields: { to_digit: ['Начало диапазона не больше конца.'] } }, 400)
          : json(answer(3, { from_digit: 2, to_digit: 5, answer_in_range: true })),
    });
    render(<Harness type="number" initial={[]} />);
    fireEvent.click(screen.getByRole('button', { name: '+ Добавить ответ' }));
    const number = await screen.findByRole('textbox', { name: 'Ответ 1: число' });
    expect((number as HTMLInputElement).value).toBe('0');
    fireEvent.change(number, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Диапазон' }));
    const to = screen.getByRole('textbox', { name: 'Ответ 1: до' });
    expect((to as HTMLInputElement).value).toBe('2');
    fireEvent.change(to, { target: { value: '1' } });
    fireEvent.blur(to);
    await waitFor(() => expect(fieldError(to)).toBe('Начало диапазона не больше конца.'));
    expect(screen.getByText('Не сохранено: Начало диапазона не больше конца.')).toBeTruthy();
    fireEvent.change(to, { target: { value: '5' } });
    fireEvent.blur(to);
    await waitFor(() => expect(screen.getByText('Сохранено')).toBeTruthy());
    expect(to.getAttribute('aria-invalid')).toBe('false');
    expect(patches(sent).at(-1)).toEqual({ answer_in_range: true, from_digit: 2, to_digit: 5 });
  });

  it('edits a pair as two texts and adds a pair with both sides', async () => {
    const { sent } = stubApi({ 'POST Alpha/answers/': () => json(answer(9, { body: 'Франция', match_body: 'Париж', is_correct: true }), 201) });
    render(<Harness type="match" initial={[answer(1, { body: '<p>Германия</p>', match_body: '<p>Берлин</p>' })]} />);
    expect((screen.getByRole('textbox', { name: 'Левая часть пары 1' }) as HTMLInputElement).value).toBe('Германия');
    expect((screen.getByRole('textbox', { name: 'Правая часть пары 1' }) as HTMLInputElement).value).toBe('Берлин');
    fireEvent.change(screen.getByRole('textbox', { name: 'Левая часть новой пары' }), { target: { value: 'Франция' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Правая часть новой пары' }), { target: { value: 'Париж' } });
    fireEvent.click(screen.getByRole('button', { name: '+ Добавить ответ' }));
    await waitFor(() => expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Пара 1', 'Пара 2']));
    expect(sent[0]!.body).toEqual({ question: 7, body: 'Франция', match_body: 'Париж' });
  });

  it('puts items in their right order with the up and down buttons', async () => {
    const { sent } = stubApi({ 'POST Alpha/answer_order/': () => json({ detail: 'ok' }) });
    render(<Harness type="order" initial={[answer(1), answer(2), answer(3)]} />);
    const up = screen.getByRole('button', { name: 'Переместить «Элемент 3» вверх' });
    up.focus();
    fireEvent.click(up);
    // The item moved with its buttons: the focus stays on the one pressed, now item 2's.
    expect(up.getAttribute('aria-label')).toBe('Переместить «Элемент 2» вверх');
    await waitFor(() => expect(document.activeElement).toBe(up));
    expect(screen.getAllByRole('textbox').slice(0, 3).map((input) => (input as HTMLInputElement).value)).toEqual(['Ответ 1', 'Ответ 3', 'Ответ 2']);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual([
      { answer_id: 1, order: 1 },
      { answer_id: 3, order: 2 },
      { answer_id: 2, order: 3 },
    ]);
  });

  it('deletes an answer only after the confirmation', async () => {
    const { sent } = stubApi({ 'DELETE Alpha/answers/1/': () => new Response(null, { status: 204 }) });
    render(<Harness type="order" initial={[answer(1), answer(2)]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить «Элемент 1»' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить ответ?' });
    expect(dialog.textContent).toContain('«Элемент 1» будет удалён из вопроса.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(sent).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить «Элемент 1»' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Элемент 1']));
    expect((screen.getAllByRole('textbox')[0] as HTMLInputElement).value).toBe('Ответ 2');
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['DELETE Alpha/answers/1/']);
  });
});
