import { resetUser, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $toasts } from '../../ui/toasts.tsx';
import { uploadWithProgress } from '../../ui/upload-with-progress.ts';
import type { Course, CourseFile } from './course-api.ts';
import CourseBanner from './course-banner.tsx';

vi.mock('../../ui/upload-with-progress.ts', () => ({ uploadWithProgress: vi.fn() }));

const COVER = 'http://x/api/files/8/cover.png?t=1.s';
const course = (own: Partial<Course> = {}): Course => ({
  course_id: 5,
  name: 'Python с нуля',
  description: '',
  format: 'ОН',
  price: 0,
  currency: 'BYN',
  duration_days: null,
  public: 'О',
  is_catalog: true,
  is_direct: false,
  folder: null,
  photo_url: null,
  course_removed: null,
  school: 1,
  order: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  baselessons_count: 0,
  lesson_count: 0,
  homework_count: 0,
  test_count: 0,
  video_count: 0,
  students_count: 0,
  ...own,
});
const cover = (id: number): CourseFile => ({ id, kind: 'cover', course_id: 5, lesson_id: null, name: 'cover.png', mime: 'image/png', bytes: 100, url: COVER, created_at: '2026-05-01T10:00:00.000Z' });
const refuse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const toasts = () => $toasts.get().map((toast) => toast.text);

beforeEach(() => {
  $toasts.set([]);
  resetUser();
  signIn({ access: 'token-1', refresh: 'r', userId: 1, email: 'admin@alpha.ru' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(uploadWithProgress).mockReset();
});

describe('CourseBanner', () => {
  it('shows a placeholder without a cover, uploads a picture as the cover file of the course and sets it', async () => {
    const { sent } = stubApi({
      'GET Alpha/courses/5/': () => json(course()),
      'PATCH Alpha/courses/5/': () => json(course({ photo_url: COVER })),
    });
    vi.mocked(uploadWithProgress).mockResolvedValue(cover(8));
    render(<CourseBanner school="Alpha" courseId={5} />);
    expect(await screen.findByText('Обложки пока нет: карточка курса показывается без картинки.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Убрать' })).toBeNull();
    const input = screen.getByLabelText('Загрузить обложку') as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg,image/webp,image/gif');

    fireEvent.change(input, { target: { files: [new File(['png'], 'обложка.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByRole('img', { name: 'Обложка курса «Python с нуля»' }).getAttribute('src')).toBe(COVER));
    const [url, form] = vi.mocked(uploadWithProgress).mock.calls[0]!;
    expect(url).toBe('/api/Alpha/files/');
    expect([(form as FormData).get('kind'), (form as FormData).get('course_id')]).toEqual(['cover', '5']);
    expect(sent.find((request) => request.method === 'PATCH')!.body).toEqual({ photo_file: 8 });
    expect(toasts()).toEqual(['Обложка сохранена.']);
  });

  it('refuses a picture over 10 MB before sending it', async () => {
    stubApi({ 'GET Alpha/courses/5/': () => json(course()) });
    render(<CourseBanner school="Alpha" courseId={5} />);
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(await screen.findByLabelText('Загрузить обложку'), { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Файл слишком большой: можно загрузить не больше 10 МБ.');
    expect(uploadWithProgress).not.toHaveBeenCalled();
  });

  it('takes the cover away after a confirmation', async () => {
    const { sent } = stubApi({
      'GET Alpha/courses/5/': () => json(course({ photo_url: COVER })),
      'PATCH Alpha/courses/5/': () => json(course()),
    });
    render(<CourseBanner school="Alpha" courseId={5} />);
    expect((await screen.findByRole('img', { name: 'Обложка курса «Python с нуля»' })).getAttribute('src')).toBe(COVER);
    fireEvent.click(screen.getByRole('button', { name: 'Убрать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Убрать обложку?' });
    expect(dialog.textContent).toContain('Курс «Python с нуля» останется без обложки.');
    // Cancelling leaves it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.filter((request) => request.method === 'PATCH')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Убрать' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Убрать' }));
    await waitFor(() => expect(screen.queryByRole('img')).toBeNull());
    expect(sent.find((request) => request.method === 'PATCH')!.body).toEqual({ photo_file: null });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toasts()).toEqual(['Обложка убрана.']);
  });

  it("shows the server's refusal of the cover", async () => {
    stubApi({
      'GET Alpha/courses/5/': () => json(course()),
      'PATCH Alpha/courses/5/': () => refuse(400, { code: 'FILE_NOT_FOUND', message: 'Проверьте поля.', fields: { photo_file: ['Выберите изображение, загруженное для этого курса.'] } }),
    });
    vi.mocked(uploadWithProgress).mockResolvedValue(cover(9));
    render(<CourseBanner school="Alpha" courseId={5} />);
    fireEvent.change(await screen.findByLabelText('Загрузить обложку'), { target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] } });
    await waitFor(() => expect(document.querySelector('.form-error')!.textContent).toBe('Выберите изображение, загруженное для этого курса.'));
    expect(screen.queryByRole('img')).toBeNull();
    expect(toasts()).toEqual([]);
  });

  it('offers a retry when the course fails to load', async () => {
    let fail = true;
    stubApi({ 'GET Alpha/courses/5/': () => (fail ? refuse(404, { code: 'COURSE_NOT_FOUND', message: 'Курс не найден.' }) : json(course())) });
    render(<CourseBanner school="Alpha" courseId={5} />);
    expect(await screen.findByText('Курс не найден.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByLabelText('Загрузить обложку')).toBeTruthy();
  });
});
