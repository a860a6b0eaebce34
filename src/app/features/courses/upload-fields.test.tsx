import { ApiError, resetUser, signIn } from '#core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import type { UploadOptions as TusOptions } from 'tus-js-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { uploadWithProgress } from '../../ui/upload-with-progress.ts';
import { BlockEditor } from './block-editor.tsx';
import type { Block, CourseFile } from './course-api.ts';
import { LessonPreview } from '../../ui/lesson-preview.tsx';
import { VIDEO_CHUNK_BYTES } from './video-upload.ts';

/** A fake tus Upload: records what it was made with; the test plays the server through its options. */
class FakeUpload {
  static made: FakeUpload[] = [];
  starts = 0;
  aborts: boolean[] = [];
  constructor(
    readonly file: File,
    readonly options: TusOptions,
  ) {
    FakeUpload.made.push(this);
  }
  start() {
    this.starts += 1;
  }
  abort(terminate?: boolean) {
    this.aborts.push(Boolean(terminate));
    return Promise.resolve();
  }
}

vi.mock('tus-js-client', () => ({ Upload: FakeUpload }));
vi.mock('../../ui/upload-with-progress.ts', () => ({ uploadWithProgress: vi.fn() }));

const response = (status: number, body: unknown) => ({ getStatus: () => status, getBody: () => (typeof body === 'string' ? body : JSON.stringify(body)), getHeader: () => undefined, getUnderlyingObject: () => null });
const tusError = (status: number | null, body: unknown = '') => Object.assign(new Error('tus'), { originalResponse: status === null ? null : response(status, body), originalRequest: null, causingError: null });

const videoFile: CourseFile = { id: 31, kind: 'video', course_id: 2, lesson_id: 10, name: 'урок.webm', mime: 'video/webm', bytes: 1000, url: '/api/files/31/урок.webm?t=x', created_at: '2026-01-01T00:00:00Z' };
const pictureFile: CourseFile = { ...videoFile, id: 32, kind: 'picture', name: 'схема.png', mime: 'image/png', url: '/api/files/32/схема.png?t=y' };

const block = (type: string, own: Partial<Block> = {}): Block => ({
  id: 4,
  base_lesson: 10,
  type,
  order: 1,
  description: null,
  code: null,
  language: null,
  code_html: null,
  formula: null,
  formula_html: null,
  url: null,
  picture: null,
  buttons: null,
  video_file: null,
  video_url: null,
  picture_file: null,
  picture_url: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...own,
});

function Harness({ initial }: { initial: Block }) {
  const [own, setOwn] = useState(initial);
  return <BlockEditor school="Alpha" block={own} onSaved={setOwn} />;
}

const chooseVideo = (file = new File([new Uint8Array(1000)], 'урок.webm', { type: 'video/webm' })) => fireEvent.change(screen.getByLabelText('Загрузить видео'), { target: { files: [file] } });
const upload = async () => {
  await waitFor(() => expect(FakeUpload.made).toHaveLength(1));
  return FakeUpload.made[0]!;
};
const progress = () => screen.getByRole('progressbar', { name: 'Загрузка видео «урок.webm»' }) as HTMLProgressElement;

beforeEach(() => {
  FakeUpload.made = [];
  resetUser();
  signIn({ access: 'token-1', refresh: 'r', userId: 1, email: 'admin@alpha.ru' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(uploadWithProgress).mockReset();
});

describe('video uploads', () => {
  it('sends a video with tus in 8 MB PATCHes with the token, shows its progress, then shows it in the block', async () => {
    const { sent } = stubApi({ 'PATCH Alpha/blocks/4/': () => json(block('video', { video_file: 31, video_url: videoFile.url })) });
    render(<Harness initial={block('video')} />);
    chooseVideo();
    const tus = await upload();
    expect(tus.starts).toBe(1);
    expect(tus.options).toMatchObject({ endpoint: '/video/Alpha/uploads/', chunkSize: VIDEO_CHUNK_BYTES, metadata: { lesson_id: '10', filename: 'урок.webm', filetype: 'video/webm' } });
    const headers: Record<string, string> = {};
    await tus.options.onBeforeRequest!({ setHeader: (name: string, value: string) => (headers[name] = value) } as never);
    expect(headers).toEqual({ Authorization: 'Bearer token-1' });

    act(() => tus.options.onProgress!(420, 1000));
    expect(progress().value).toBe(42);
    expect(screen.getByText('загружено 42 %')).toBeTruthy();
    act(() => tus.options.onSuccess!({ lastResponse: response(200, videoFile) } as never));

    await waitFor(() => expect(sent.map((request) => request.body)).toEqual([{ video_file: 31 }]));
    await waitFor(() => expect(document.querySelector('video')?.getAttribute('src')).toBe(videoFile.url));
    expect(screen.getByRole('status').textContent).toBe('Видео загружено.');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('refuses what is not a video, or larger than 2 GB, before sending anything', async () => {
    render(<Harness initial={block('video')} />);
    chooseVideo(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert').textContent).toBe('Загрузите видео в формате MP4, MOV, WebM или MKV.');
    const huge = new File(['x'], 'big.mp4', { type: 'video/mp4' });
    Object.defineProperty(huge, 'size', { value: 2 * 1024 ** 3 + 1 });
    chooseVideo(huge);
    expect(screen.getByRole('alert').textContent).toBe('Видео больше 2 ГБ.');
    chooseVideo(new File([], 'empty.mkv', { type: '' }));
    expect(screen.getByRole('alert').textContent).toBe('Файл пуст.');
    await Promise.resolve();
    expect(FakeUpload.made).toHaveLength(0);
  });

  it("shows the server's refusal, and «Повторить» resumes the same upload after a failure", async () => {
    render(<Harness initial={block('video')} />);
    chooseVideo();
    const tus = await upload();
    act(() => tus.options.onProgress!(300, 1000));
    // tus retries dropped connections and 5xx itself; a 4xx is final.
    expect(tus.options.onShouldRetry!(tusError(null) as never, 0, tus.options)).toBe(true);
    expect(tus.options.onShouldRetry!(tusError(503) as never, 1, tus.options)).toBe(true);
    expect(tus.options.onShouldRetry!(tusError(413) as never, 0, tus.options)).toBe(false);
    expect(tus.options.onShouldRetry!(tusError(429) as never, 0, tus.options)).toBe(false);
    expect(tus.options.onShouldRetry!(tusError(507) as never, 0, tus.options)).toBe(false);
    act(() => tus.options.onError!(tusError(507, { code: 'INSUFFICIENT_STORAGE', message: 'На сервере закончилось место. Попробуйте позже.' }) as never));
    expect(screen.getByRole('alert').textContent).toBe('Видео не загружено: На сервере закончилось место. Попробуйте позже.');
    act(() => tus.options.onError!(tusError(429, { code: 'RATE_LIMITED', message: 'Слишком много загрузок файлов. Попробуйте снова через 12 мин.' }) as never));
    expect(screen.getByRole('alert').textContent).toBe('Видео не загружено: Слишком много загрузок файлов. Попробуйте снова через 12 мин.');
    act(() => tus.options.onError!(tusError(413, { code: 'STORAGE_QUOTA', message: 'Хранилище школы заполнено.' }) as never));
    expect(screen.getByRole('alert').textContent).toBe('Видео не загружено: Хранилище школы заполнено.');
    expect(progress().value).toBe(30);

    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(tus.starts).toBe(2);
    expect(FakeUpload.made).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => tus.options.onError!(tusError(null) as never));
    expect(screen.getByRole('alert').textContent).toBe('Видео не загружено: Нет связи с сервером. Проверьте подключение к интернету и попробуйте ещё раз.');
  });

  it('pauses, resumes and cancels (the server drops a cancelled upload)', async () => {
    render(<Harness initial={block('video')} />);
    chooseVideo();
    const tus = await upload();
    act(() => tus.options.onProgress!(100, 1000));
    fireEvent.click(screen.getByRole('button', { name: 'Приостановить' }));
    expect(tus.aborts).toEqual([false]);
    expect(screen.getByRole('status').textContent).toBe('Загрузка приостановлена.');
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(tus.starts).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Отменить загрузку' }));
    expect(tus.aborts).toEqual([false, true]);
    expect(screen.getByRole('status').textContent).toBe('Загрузка видео отменена.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    // What the cancelled upload still reports is ignored.
    act(() => tus.options.onProgress!(500, 1000));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('renews the token on a 401 through the session, and finds the file when the finishing answer was lost', async () => {
    let calls = 0;
    stubApi({
      'GET Alpha/files/': () => (++calls === 1 ? json({ code: 'TOKEN_EXPIRED', message: 'Токен истёк.' }, 401) : json([{ ...videoFile, id: 5, name: 'старое.webm' }, videoFile])),
      'POST token/refresh/': () => json({ access: 'token-2', refresh: 'r2' }),
      'PATCH Alpha/blocks/4/': () => json(block('video', { video_file: 31, video_url: videoFile.url })),
    });
    render(<Harness initial={block('video')} />);
    chooseVideo();
    const tus = await upload();
    expect(tus.options.onShouldRetry!(tusError(401) as never, 0, tus.options)).toBe(true);
    // A second 401 before any chunk went through is final.
    expect(tus.options.onShouldRetry!(tusError(401) as never, 1, tus.options)).toBe(false);
    const headers: Record<string, string> = {};
    await tus.options.onBeforeRequest!({ setHeader: (name: string, value: string) => (headers[name] = value) } as never);
    expect(headers.Authorization).toBe('Bearer token-2');

    act(() => tus.options.onSuccess!({ lastResponse: response(204, '') } as never));
    await waitFor(() => expect(document.querySelector('video')?.getAttribute('src')).toBe(videoFile.url));
  });
});

describe('picture uploads', () => {
  it('sends a picture to the lesson files with the token and shows it in the block and the preview', async () => {
    const { sent } = stubApi({ 'PATCH Alpha/blocks/4/': () => json(block('picture', { picture_file: 32, picture_url: pictureFile.url })) });
    vi.mocked(uploadWithProgress).mockImplementation(async (_url, _body, options) => {
      options?.onProgress?.(0.5);
      return pictureFile;
    });
    render(<Harness initial={block('picture')} />);
    fireEvent.change(screen.getByLabelText('Загрузить изображение'), { target: { files: [new File(['png'], 'схема.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByRole('img', { name: 'Изображение урока' }).getAttribute('src')).toBe(pictureFile.url));
    const [url, form, options] = vi.mocked(uploadWithProgress).mock.calls[0]!;
    expect(url).toBe('/api/Alpha/files/');
    expect([(form as FormData).get('kind'), (form as FormData).get('lesson_id'), ((form as FormData).get('file') as File).name]).toEqual(['picture', '10', 'схема.png']);
    expect(options?.headers).toEqual({ Authorization: 'Bearer token-1' });
    expect(sent.map((request) => request.body)).toEqual([{ picture_file: 32 }]);

    render(<LessonPreview name="Урок" blocks={[block('picture', { picture_url: pictureFile.url }), block('video', { id: 5, video_url: videoFile.url })]} />);
    expect(screen.getByRole('img', { name: 'Картинка урока' }).getAttribute('src')).toBe(pictureFile.url);
    // The player shows the frame at 0.1 s as its poster (a media fragment on the file's address).
    expect(document.querySelector('.lesson-preview video')?.getAttribute('src')).toBe(`${videoFile.url}#t=0.1`);
  });

  it('renews the token once on a 401 and shows a refusal', async () => {
    stubApi({ 'GET Alpha/files/': () => json([]) });
    vi.mocked(uploadWithProgress)
      .mockRejectedValueOnce(new ApiError({ status: 401, code: 'TOKEN_EXPIRED', message: 'Токен истёк.', data: undefined }))
      .mockRejectedValueOnce(new ApiError({ status: 415, code: 'INVALID_FILE_TYPE', message: 'Загрузите изображение в формате PNG, JPEG, WebP или GIF.', data: undefined }));
    render(<Harness initial={block('picture')} />);
    fireEvent.change(screen.getByLabelText('Загрузить изображение'), { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Загрузите изображение в формате PNG, JPEG, WebP или GIF.'));
    expect(vi.mocked(uploadWithProgress)).toHaveBeenCalledTimes(2);
  });
});
