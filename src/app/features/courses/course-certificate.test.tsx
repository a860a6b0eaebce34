import { resetUser, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $toasts } from '../../ui/toasts.tsx';
import { uploadWithProgress } from '../../ui/upload-with-progress.ts';
import type { CourseFile } from './course-api.ts';
import CourseCertificate from './course-certificate.tsx';
import type { CertificateTemplate } from './course-files-api.ts';

vi.mock('../../ui/upload-with-progress.ts', () => ({ uploadWithProgress: vi.fn() }));

const template = (own: Partial<CertificateTemplate> = {}): CertificateTemplate => ({
  course_id: 5,
  director_name: '',
  teacher_name: '',
  signature_file: null,
  stamp_file: null,
  signature_url: null,
  stamp_url: null,
  ...own,
});
const picture = (id: number): CourseFile => ({ id, kind: 'picture', course_id: 5, lesson_id: null, name: `p${id}.png`, mime: 'image/png', bytes: 100, url: `http://x/api/files/${id}/p.png?t=1.s`, created_at: '2026-05-01T10:00:00.000Z' });
const refuse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  $toasts.set([]);
  resetUser();
  signIn({ access: 'token-1', refresh: 'r', userId: 1, email: 'admin@alpha.ru' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(uploadWithProgress).mockReset();
});

describe('CourseCertificate', () => {
  it('shows the saved template with previews of its pictures, and links the sample certificate', async () => {
    stubApi({ 'GET Alpha/courses/5/certificate/': () => json(template({ director_name: 'Петров П. П.', teacher_name: 'Сидорова М.', stamp_file: 7, stamp_url: picture(7).url })) });
    render(<CourseCertificate school="Alpha" courseId={5} />);
    expect(((await screen.findByLabelText('Директор')) as HTMLInputElement).value).toBe('Петров П. П.');
    expect((screen.getByLabelText('Преподаватель') as HTMLInputElement).value).toBe('Сидорова М.');
    expect(screen.getByRole('img', { name: 'Печать на сертификате' }).getAttribute('src')).toBe(picture(7).url);
    expect(screen.queryByRole('img', { name: 'Подпись на сертификате' })).toBeNull();
    expect(within(screen.getByRole('group', { name: 'Подпись' })).getByText(/изображение по умолчанию/)).toBeTruthy();
    const sample = screen.getByRole('link', { name: 'Образец сертификата' });
    expect(sample.getAttribute('href')).toBe('/certificate/preview');
    expect(sample.getAttribute('target')).toBe('_blank');
  });

  it('uploads a signature as a picture of the course, previews it, and saves the names and pictures', async () => {
    const { sent } = stubApi({
      'GET Alpha/courses/5/certificate/': () => json(template({ stamp_file: 7, stamp_url: picture(7).url })),
      'PATCH Alpha/courses/5/certificate/': () => json(template({ director_name: 'Иванов И.', teacher_name: '', signature_file: 8, signature_url: picture(8).url })),
    });
    vi.mocked(uploadWithProgress).mockResolvedValue(picture(8));
    render(<CourseCertificate school="Alpha" courseId={5} />);
    fireEvent.change(await screen.findByLabelText('Директор'), { target: { value: '  Иванов И. ' } });
    fireEvent.change(screen.getByLabelText('Загрузить подпись'), { target: { files: [new File(['png'], 'подпись.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByRole('img', { name: 'Подпись на сертификате' }).getAttribute('src')).toBe(picture(8).url));
    const [url, form] = vi.mocked(uploadWithProgress).mock.calls[0]!;
    expect(url).toBe('/api/Alpha/files/');
    expect([(form as FormData).get('kind'), (form as FormData).get('course_id')]).toEqual(['picture', '5']);
    // The stamp is taken off the template.
    fireEvent.click(within(screen.getByRole('group', { name: 'Печать' })).getByRole('button', { name: 'Убрать' }));

    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect($toasts.get().map((toast) => toast.text)).toEqual(['Шаблон сертификата сохранён.']));
    expect(sent.find((request) => request.method === 'PATCH')!.body).toEqual({ director_name: 'Иванов И.', teacher_name: '', signature_file: 8, stamp_file: null });
    expect((screen.getByLabelText('Директор') as HTMLInputElement).value).toBe('Иванов И.');
    expect(screen.queryByRole('img', { name: 'Печать на сертификате' })).toBeNull();
  });

  it("shows the server's refusals under their fields", async () => {
    stubApi({
      'GET Alpha/courses/5/certificate/': () => json(template({ signature_file: 3, signature_url: picture(3).url })),
      'PATCH Alpha/courses/5/certificate/': () =>
        refuse(400, { code: 'INVALID_FILE', message: 'Выберите изображение, загруженное для этого курса.', fields: { signature_file: ['Выберите изображение, загруженное для этого курса.'] } }),
    });
    render(<CourseCertificate school="Alpha" courseId={5} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Подпись' })).getByRole('alert').textContent).toBe('Выберите изображение, загруженное для этого курса.'));
    expect(document.querySelector('.form-error')!.textContent).toBe('Выберите изображение, загруженное для этого курса.');
  });

  it('refuses names over 200 characters before sending, and offers a retry when the template fails to load', async () => {
    const { sent } = stubApi({ 'GET Alpha/courses/5/certificate/': () => json(template()) });
    const { unmount } = render(<CourseCertificate school="Alpha" courseId={5} />);
    fireEvent.change(await screen.findByLabelText('Преподаватель'), { target: { value: 'я'.repeat(201) } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Не больше 200 символов.')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'PATCH')).toHaveLength(0);
    unmount();

    let fail = true;
    stubApi({ 'GET Alpha/courses/6/certificate/': () => (fail ? refuse(404, { code: 'COURSE_NOT_FOUND', message: 'Курс не найден.' }) : json(template({ course_id: 6 }))) });
    render(<CourseCertificate school="Alpha" courseId={6} />);
    expect(await screen.findByText('Курс не найден.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByLabelText('Директор')).toBeTruthy();
  });
});
