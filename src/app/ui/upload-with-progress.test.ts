import { ApiError } from '#core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadOperation, uploadWithProgress } from './upload-with-progress.ts';

/** Just enough of XMLHttpRequest: the test plays the server by calling respond(), fail() or progress(). */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ lengthComputable, loaded, total });
  }
  respond(status: number, text = '') {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

const form = () => {
  const body = new FormData();
  body.append('file', new Blob(['x']), 'a.txt');
  return body;
};

describe('uploadWithProgress', () => {
  it('posts the form with its headers, reports the share sent and resolves with the parsed answer', async () => {
    const onProgress = vi.fn();
    const body = form();
    const done = uploadWithProgress('/api/files/', body, { headers: { Authorization: 'Bearer t' }, onProgress });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.body]).toEqual(['POST', '/api/files/', body]);
    expect(xhr.headers).toEqual({ Authorization: 'Bearer t' });
    xhr.progress(25, 100);
    xhr.progress(10, 0, false); // an unknown total says nothing
    xhr.progress(100, 100);
    expect(onProgress.mock.calls).toEqual([[0.25], [1]]);
    xhr.respond(201, '{"id":7}');
    await expect(done).resolves.toEqual({ id: 7 });
  });

  it('takes another method, and resolves with nothing for an empty answer and with the text for a non-JSON one', async () => {
    const empty = uploadWithProgress('/api/a/', form(), { method: 'PATCH' });
    expect(FakeXhr.last.method).toBe('PATCH');
    FakeXhr.last.respond(204);
    await expect(empty).resolves.toBeUndefined();
    const text = uploadWithProgress('/api/a/', form());
    FakeXhr.last.respond(200, 'ok');
    await expect(text).resolves.toBe('ok');
  });

  it("rejects a non-2xx with the server's code and message", async () => {
    const done = uploadWithProgress('/api/files/', form());
    FakeXhr.last.respond(413, JSON.stringify({ code: 'FILE_TOO_LARGE', message: 'Файл больше 10 МБ.' }));
    const error = await done.catch((cause: unknown) => cause);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'FILE_TOO_LARGE', message: 'Файл больше 10 МБ.' });
  });

  it('rejects a 5xx or a body without a message with the client’s own text', async () => {
    const failed = uploadWithProgress('/api/files/', form());
    FakeXhr.last.respond(500, JSON.stringify({ code: 'INTERNAL', message: 'stack trace' }));
    await expect(failed).rejects.toMatchObject({ status: 500, code: 'INTERNAL', message: 'Что-то пошло не так на сервере. Попробуйте ещё раз через минуту.' });
    const bare = uploadWithProgress('/api/files/', form());
    FakeXhr.last.respond(400, '<html>');
    await expect(bare).rejects.toMatchObject({ status: 400, code: 'HTTP_400' });
  });

  it('rejects a lost connection or a timeout as a network error', async () => {
    const lost = uploadWithProgress('/api/files/', form());
    FakeXhr.last.onerror!();
    await expect(lost).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    const slow = uploadWithProgress('/api/files/', form());
    FakeXhr.last.ontimeout!();
    await expect(slow).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('aborts the request when the signal aborts, and sends nothing when it already has', async () => {
    const controller = new AbortController();
    const done = uploadWithProgress('/api/files/', form(), { signal: controller.signal });
    const xhr = FakeXhr.last;
    controller.abort();
    expect(xhr.aborted).toBe(true);
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });

    const before = FakeXhr.last;
    await expect(uploadWithProgress('/api/files/', form(), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last).toBe(before);
  });

  it('stops listening to the signal once settled', async () => {
    const controller = new AbortController();
    const done = uploadWithProgress('/api/files/', form(), { signal: controller.signal });
    const xhr = FakeXhr.last;
    xhr.respond(200, '{}');
    await done;
    controller.abort();
    expect(xhr.aborted).toBe(false);
  });
});

describe('uploadOperation', () => {
  it("sends the contract operation's method to its path with the parameters filled in and answers its answer", async () => {
    const done = uploadOperation('POST {school}/files/', { school: 'Школа 1' }, form(), { headers: { Authorization: 'Bearer t' } });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.headers]).toEqual(['POST', '/api/%D0%A8%D0%BA%D0%BE%D0%BB%D0%B0%201/files/', { Authorization: 'Bearer t' }]);
    xhr.respond(201, JSON.stringify({ id: 9, url: '/f/9' }));
    const file = await done;
    expect([file.id, file.url]).toEqual([9, '/f/9']);
  });

  it('takes only multipart operations and their own path parameters (checked by tsc)', () => {
    const never = () => {
      // @ts-expect-error: rating settings take JSON, not a multipart body
      void uploadOperation('PATCH {school}/rating_settings/', { school: 'a' }, form());
      // @ts-expect-error: the school is the path's parameter, not the course
      void uploadOperation('POST {school}/files/', { course: 'a' }, form());
    };
    expect(typeof never).toBe('function');
  });
});
