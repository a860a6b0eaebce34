import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import type { LessonDetail } from './course-api.ts';
import { HomeworkSettingsForm } from './homework-settings-form.tsx';

const homework = (own: Record<string, unknown> = {}) =>
  ({ id: 40, baselesson_ptr_id: 40, type: 'homework', section: 1, section_id: 1, course_id: 5, author_id: 1, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', name: 'ДЗ', order: 1, active: true, points: 0, blocks: [], automate_accept: false, time_accept: null, ...own }) as LessonDetail;

describe('HomeworkSettingsForm', () => {
  it('saves automatic acceptance with its delay', async () => {
    const { sent } = stubApi({ 'PATCH Alpha/homeworks/40/': () => json(homework({ automate_accept: true, time_accept: '02:00:00' })) });
    render(<HomeworkSettingsForm school="Alpha" homework={homework()} onSaved={vi.fn()} />);
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Принимать автоматически' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Принять через (ЧЧ:ММ:СС)' }), { target: { value: '02:00:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Изменения сохранены.')).toBeTruthy();
    expect(sent[0]!.body).toEqual({ automate_accept: true, time_accept: '02:00:00' });
  });

  it("shows the server's error under the delay", async () => {
    stubApi({ 'PATCH Alpha/homeworks/40/': () => json({ code: 'VALIDATION_ERROR', message: 'Неверный формат.', fields: { time_accept: ['Неверный формат.'] } }, 400) });
    render(<HomeworkSettingsForm school="Alpha" homework={homework({ automate_accept: true, time_accept: '01:00:00' })} onSaved={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.getByText('Неверный формат.')).toBeTruthy());
    expect(screen.getByRole('textbox', { name: 'Принять через (ЧЧ:ММ:СС)' }).getAttribute('aria-invalid')).toBe('true');
  });
});
