import { ApiError, resetUser, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $toasts } from '../../ui/toasts.tsx';
import { uploadWithProgress } from '../../ui/upload-with-progress.ts';
import type { CourseFile } from './course-api.ts';
import { materialKind } from './course-files-api.ts';
import CourseMaterials from './course-materials.tsx';

vi.mock('../../ui/upload-with-progress.ts', () => ({ uploadWithProgress: vi.fn() }));

const file = (id: number, own: Partial<CourseFile> = {}): CourseFile => ({
  id,
  kind: 'text',
  course_id: 5,
  lesson_id: null,
  name: `Файл ${id}.pdf`,
  mime: 'application/pdf',
  bytes: 1536,
  url: `http://x/api/files/${id}/f.pdf?t=1.sig`,
  created_at: '2026-05-01T10:00:00.000Z',
  ...own,
});

const noContent = () => new Response(null, { status: 204 });
const refuse = (status: number, code: string, message: string) => new Response(JSON.stringify({ code, message }), { status, headers: { 'content-type': 'application/json' } });
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

beforeEach(() => {
  $toasts.set([]);
  resetUser();
  signIn({ access: 'token-1', refresh: 'r', userId: 1, email: 'admin@alpha.ru' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(uploadWithProgress).mockReset();
});

describe('CourseMaterials', () => {
  it("lists the course's files with kind, size, date and a download link", async () => {
    const { fetch } = stubApi({ 'GET Alpha/files/': () => json([file(1), file(2, { kind: 'audio', name: 'Лекция.mp3', mime: 'audio/mpeg', bytes: 5 * 1024 * 1024 })]) });
    render(<CourseMaterials school="Alpha" courseId={5} />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(new URL(String(fetch.mock.calls[0]![0]), 'http://x').searchParams.get('course_id')).toBe('5');
    expect(screen.getByRole('table', { name: 'Файлы курса' })).toBeTruthy();
    const [first, second] = rows();
    expect(within(first!).getByRole('rowheader').textContent).toBe('Файл 1.pdf');
    expect(within(first!).getByText('Документ')).toBeTruthy();
    expect(within(first!).getByText('1,5 КБ')).toBeTruthy();
    expect(first!.querySelector('time')!.getAttribute('dateTime')).toBe('2026-05-01T10:00:00.000Z');
    expect(within(second!).getByText('Аудио')).toBeTruthy();
    expect(within(second!).getByText('5 МБ')).toBeTruthy();
    const link = within(second!).getByRole('link', { name: 'Скачать «Лекция.mp3»' });
    expect(link.getAttribute('href')).toBe(file(2).url);
    expect(link.getAttribute('download')).toBe('Лекция.mp3');
  });

  it('says when the course has no files, and offers a retry when the list fails', async () => {
    stubApi({ 'GET Alpha/files/': () => json([]) });
    const { unmount } = render(<CourseMaterials school="Alpha" courseId={5} />);
    expect(await screen.findByRole('heading', { name: 'В курсе пока нет файлов' })).toBeTruthy();
    unmount();

    let fail = true;
    stubApi({ 'GET Alpha/files/': () => (fail ? refuse(500, 'SERVER_ERROR', 'Сервер недоступен.') : json([file(1)])) });
    render(<CourseMaterials school="Alpha" courseId={6} />);
    const retry = await screen.findByRole('button', { name: 'Повторить' });
    expect(screen.getByRole('alert').textContent).toMatch(/сервере/);
    fail = false;
    fireEvent.click(retry);
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('uploads a document or an audio file to the course, the kind by its type, and lists it', async () => {
    stubApi({ 'GET Alpha/files/': () => json([]) });
    vi.mocked(uploadWithProgress).mockImplementation(async (_url, body) => {
      const sent = (body as FormData).get('file') as File;
      return file(9, { name: sent.name, kind: String((body as FormData).get('kind')) });
    });
    render(<CourseMaterials school="Alpha" courseId={5} />);
    await screen.findByRole('heading', { name: 'В курсе пока нет файлов' });
    fireEvent.change(screen.getByLabelText('Загрузить документ или аудио'), { target: { files: [new File(['ID3'], 'Лекция.mp3', { type: 'audio/mpeg' })] } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    const [url, form, options] = vi.mocked(uploadWithProgress).mock.calls[0]!;
    expect(url).toBe('/api/Alpha/files/');
    expect([(form as FormData).get('kind'), (form as FormData).get('course_id')]).toEqual(['audio', '5']);
    expect(options?.headers).toEqual({ Authorization: 'Bearer token-1' });
    expect(within(rows()[0]!).getByText('Аудио')).toBeTruthy();

    expect(materialKind({ name: 'План.PDF', type: 'application/pdf' })).toBe('text');
    expect(materialKind({ name: 'запись.M4A', type: '' })).toBe('audio');
  });

  it('shows the server refusing an upload', async () => {
    stubApi({ 'GET Alpha/files/': () => json([]) });
    vi.mocked(uploadWithProgress).mockRejectedValueOnce(new ApiError({ status: 400, code: 'INVALID_FILE_TYPE', message: 'Загрузите файл PDF, DOCX, XLSX, PPTX, TXT или ZIP.', data: undefined }));
    render(<CourseMaterials school="Alpha" courseId={5} />);
    await screen.findByRole('heading', { name: 'В курсе пока нет файлов' });
    fireEvent.change(screen.getByLabelText('Загрузить документ или аудио'), { target: { files: [new File(['<html>'], 'page.html', { type: 'text/html' })] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Загрузите файл PDF, DOCX, XLSX, PPTX, TXT или ZIP.'));
  });

  it('deletes a file after a confirmation, and shows why a file in use is kept', async () => {
    const { sent } = stubApi({
      'GET Alpha/files/': () => json([file(1), file(2)]),
      'DELETE Alpha/files/1/': noContent,
      'DELETE Alpha/files/2/': () => refuse(409, 'FILE_IN_USE', 'Файл используется в блоке урока: сначала уберите его из блока.'),
    });
    render(<CourseMaterials school="Alpha" courseId={5} />);
    await waitFor(() => expect(rows()).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Удалить «Файл 1.pdf»' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить файл?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.filter((request) => request.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Удалить «Файл 1.pdf»' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect($toasts.get().map((toast) => toast.text)).toEqual(['Файл «Файл 1.pdf» удалён.']);

    fireEvent.click(screen.getByRole('button', { name: 'Удалить «Файл 2.pdf»' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Файл используется в блоке урока: сначала уберите его из блока.'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(rows()).toHaveLength(1);
  });
});
