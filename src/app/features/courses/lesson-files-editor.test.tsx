import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $toasts } from '../../ui/toasts.tsx';
import { uploadWithProgress } from '../../ui/upload-with-progress.ts';
import type { CourseFile } from './course-api.ts';
import { LessonFilesEditor } from './lesson-files-editor.tsx';

vi.mock('../../ui/upload-with-progress.ts', () => ({ uploadWithProgress: vi.fn() }));

const file = (id: number, name: string, kind = 'text'): CourseFile => ({
  id,
  kind,
  course_id: 5,
  lesson_id: 11,
  name,
  mime: kind === 'audio' ? 'audio/mpeg' : 'application/pdf',
  bytes: 2048,
  url: `https://files.test/${id}/${name}`,
  created_at: '2026-01-01T00:00:00.000Z',
});

beforeEach(() => {
  $toasts.set([]);
  vi.mocked(uploadWithProgress).mockReset();
});

const renderEditor = (initial: CourseFile[] = []) => render(<LessonFilesEditor school="Alpha" lessonId={11} title="Файлы задания" initial={initial} />);

describe('LessonFilesEditor', () => {
  it('lists the files with their links and sizes, and uploads a document to the lesson', async () => {
    vi.mocked(uploadWithProgress).mockResolvedValue(file(8, 'Образец.pdf'));
    renderEditor([file(7, 'Условие.pdf')]);
    const section = screen.getByRole('region', { name: 'Файлы задания' });
    expect(within(section).getByRole('link', { name: 'Условие.pdf' }).getAttribute('href')).toBe('https://files.test/7/Условие.pdf');
    expect(within(section).getByText('2 КБ')).toBeTruthy();

    const chosen = new File(['%PDF-1.7'], 'Образец.pdf', { type: 'application/pdf' });
    fireEvent.change(within(section).getByLabelText('Загрузить документ или аудио'), { target: { files: [chosen] } });
    expect(await within(section).findByRole('link', { name: 'Образец.pdf' })).toBeTruthy();
    const [url, form] = vi.mocked(uploadWithProgress).mock.calls[0]!;
    expect(url).toBe('/api/Alpha/files/');
    expect((form as FormData).get('kind')).toBe('text');
    expect((form as FormData).get('lesson_id')).toBe('11');
    expect((form as FormData).get('course_id')).toBeNull();
  });

  it('sends audio as audio, and says so when there are no files yet', async () => {
    vi.mocked(uploadWithProgress).mockResolvedValue(file(9, 'Пример.mp3', 'audio'));
    renderEditor();
    expect(screen.getByText('Файлов пока нет.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Загрузить документ или аудио'), { target: { files: [new File(['ID3'], 'Пример.mp3', { type: 'audio/mpeg' })] } });
    expect(await screen.findByRole('link', { name: 'Пример.mp3' })).toBeTruthy();
    expect((vi.mocked(uploadWithProgress).mock.calls[0]![1] as FormData).get('kind')).toBe('audio');
    expect(screen.queryByText('Файлов пока нет.')).toBeNull();
  });

  it('shows the server’s refusal of an upload and keeps the list as it was', async () => {
    const { ApiError } = await import('#core');
    vi.mocked(uploadWithProgress).mockRejectedValue(new ApiError({ status: 400, code: 'INVALID_FILE_TYPE', message: 'Загрузите файл PDF, DOCX, XLSX, PPTX, TXT или ZIP.' }));
    renderEditor([file(7, 'Условие.pdf')]);
    fireEvent.change(screen.getByLabelText('Загрузить документ или аудио'), { target: { files: [new File(['<html>'], 'page.pdf', { type: 'application/pdf' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Загрузите файл PDF, DOCX, XLSX, PPTX, TXT или ZIP.');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('deletes a file after the confirmation only, and keeps it with the reason when the server refuses', async () => {
    let refuse = true;
    const { sent } = stubApi({
      'DELETE Alpha/files/7/': () => (refuse ? json({ code: 'FILE_IN_USE', message: 'Файл используется в блоке урока: сначала уберите его из блока.' }, 409) : new Response(null, { status: 204 })),
    });
    renderEditor([file(7, 'Условие.pdf')]);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить файл «Условие.pdf»' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Отмена' }));
    expect(sent).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Условие.pdf' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Удалить файл «Условие.pdf»' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    expect(await within(screen.getByRole('dialog')).findByText('Файл используется в блоке урока: сначала уберите его из блока.')).toBeTruthy();
    refuse = false;
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('link', { name: 'Условие.pdf' })).toBeNull();
    expect($toasts.get().map((toast) => toast.text)).toEqual(['Файл «Условие.pdf» удалён.']);
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['DELETE Alpha/files/7/', 'DELETE Alpha/files/7/']);
  });
});
