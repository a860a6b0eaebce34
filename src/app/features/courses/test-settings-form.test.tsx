import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import type { LessonDetail } from './course-api.ts';
import { TestSettingsForm } from './test-settings-form.tsx';

const test = (own: Record<string, unknown> = {}) =>
  ({ id: 30, baselesson_ptr_id: 30, type: 'test', section: 1, section_id: 1, course_id: 5, author_id: 1, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', name: 'Тест', order: 1, active: true, points: 0, blocks: [], success_percent: 0, balls_per_answer: 1, ...own }) as LessonDetail;

describe('TestSettingsForm', () => {
  it('saves the settings, sending the counts only with the flags that use them', async () => {
    const onSaved = vi.fn();
    const { sent } = stubApi({ 'PATCH Alpha/tests/30/': () => json(test({ success_percent: 80 })) });
    render(<TestSettingsForm school="Alpha" test={test()} onSaved={onSaved} />);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Процент правильных ответов для зачёта' }), { target: { value: '80' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ответы в случайном порядке' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ограничить число попыток' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Число попыток' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Изменения сохранены.')).toBeTruthy();
    expect(sent[0]!.body).toEqual({
      success_percent: 80,
      balls_per_answer: 1,
      random_questions: false,
      random_answers: true,
      show_right_answers: false,
      attempt_limit: true,
      attempt_count: 3,
      has_timer: false,
      random_test_generator: false,
    });
    expect(onSaved).toHaveBeenCalled();
  });

  it("shows the server's field errors under their fields", async () => {
    stubApi({ 'PATCH Alpha/tests/30/': () => json({ code: 'VALIDATION_ERROR', message: 'Укажите время на прохождение теста.', fields: { time_limit: ['Укажите время на прохождение теста.'] } }, 400) });
    render(<TestSettingsForm school="Alpha" test={test()} onSaved={vi.fn()} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ограничить время' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const field = screen.getByRole('textbox', { name: 'Время на прохождение (ЧЧ:ММ:СС)' });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby')!)!.textContent).toBe('Укажите время на прохождение теста.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers the earlier tests of the course as sources of questions', async () => {
    const { sent } = stubApi({
      'GET Alpha/tests/30/previous_tests/': () => json([{ test_id: 21, name: 'Первый тест', section_id: 1 }]),
      'PATCH Alpha/tests/30/': () => json(test()),
    });
    render(<TestSettingsForm school="Alpha" test={test()} onSaved={vi.fn()} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Собирать вопросы из других тестов' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Первый тест' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Число вопросов' }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(sent.at(-1)!.method).toBe('PATCH'));
    expect(sent.at(-1)!.body).toMatchObject({ random_test_generator: true, num_questions: 5, tests_ids: [21] });
  });

  it('says a whole-form failure in an alert', async () => {
    stubApi({ 'PATCH Alpha/tests/30/': () => json({ code: 'LESSON_NOT_FOUND', message: 'Тест не найден.' }, 404) });
    render(<TestSettingsForm school="Alpha" test={test()} onSaved={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Тест не найден.');
  });
});
