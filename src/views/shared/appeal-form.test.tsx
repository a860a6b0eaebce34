import { catalogMessages, commonMessages } from '#core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppealForm, validateAppeal } from './appeal-form.tsx';
import { clearPublicCache } from './public-client.ts';
import { json } from '../../../tests/helpers/json-response.ts';

const text = catalogMessages.appeal;
const API = 'https://coursehub.example';


function stubFetch(answer: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    answer(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentBody(fetchMock: ReturnType<typeof stubFetch>, call = 0): Record<string, unknown> {
  return JSON.parse(String(fetchMock.mock.calls[call]![1]!.body)) as Record<string, unknown>;
}

function field(label: string | RegExp): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: text.submit }));
}

/** The message shown under an input, found through its aria-describedby. */
function errorOf(label: string | RegExp): string | null {
  const input = field(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length ? (document.getElementById(ids[0]!)?.textContent ?? null) : null;
}

afterEach(() => {
  clearPublicCache();
});

describe('validateAppeal', () => {
  const ok = { name: 'Анна Смирнова', phone: '', email: 'anna@example.ru', message: '' };

  it('accepts a name with a phone or an email', () => {
    expect(validateAppeal(ok)).toEqual({});
    expect(validateAppeal({ ...ok, email: '', phone: '+7 (912) 345-67-89' })).toEqual({});
  });

  it('asks for a name of at most 100 characters', () => {
    expect(validateAppeal({ ...ok, name: '   ' }).name).toBe(text.nameRequired);
    expect(validateAppeal({ ...ok, name: 'а'.repeat(101) }).name).toBe(text.nameTooLong);
    expect(validateAppeal({ ...ok, name: 'а'.repeat(100) }).name).toBeUndefined();
  });

  it('asks for a phone or an email, each well formed', () => {
    expect(validateAppeal({ ...ok, email: '' })).toEqual({ phone: text.contactRequired, email: text.contactRequired });
    expect(validateAppeal({ ...ok, email: 'anna@example' }).email).toBe(text.emailInvalid);
    expect(validateAppeal({ ...ok, phone: '12-3' }).phone).toBe(text.phoneInvalid);
    expect(validateAppeal({ ...ok, phone: '8 912 abc 45 67' }).phone).toBe(text.phoneInvalid);
    expect(validateAppeal({ ...ok, phone: '1'.repeat(21) }).phone).toBe(text.phoneInvalid);
    expect(validateAppeal({ ...ok, phone: '12345' }).phone).toBeUndefined();
  });

  it('limits the message to 2000 characters', () => {
    expect(validateAppeal({ ...ok, message: 'я'.repeat(2001) }).message).toBe(text.messageTooLong);
    expect(validateAppeal({ ...ok, message: 'я'.repeat(2000) }).message).toBeUndefined();
  });
});

describe('AppealForm', () => {
  it('shows the labelled fields, the title and the hint', () => {
    render(<AppealForm apiBase={API} courseId={7} title="Записаться на курс" />);
    expect(screen.getByRole('heading', { name: 'Записаться на курс' })).toBeTruthy();
    expect(field(text.name).required).toBe(true);
    expect(field(text.phone).type).toBe('tel');
    expect(field(text.email).type).toBe('email');
    expect(field(new RegExp(text.message)).tagName).toBe('TEXTAREA');
    expect(field(text.phone).getAttribute('aria-describedby')).toContain('contact-hint');
    expect(screen.queryByRole('heading', { name: text.title })).toBeNull();
  });

  it('checks the fields on submit, says what is wrong under each and sends nothing', () => {
    const fetchMock = stubFetch(() => json({}));
    render(<AppealForm apiBase={API} courseId={7} />);
    expect(screen.getByRole('heading', { name: text.title })).toBeTruthy();
    submit();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(errorOf(text.name)).toBe(text.nameRequired);
    expect(errorOf(text.phone)).toBe(text.contactRequired);
    expect(errorOf(text.email)).toBe(text.contactRequired);
    expect(field(text.name).getAttribute('aria-invalid')).toBe('true');
    expect(field(new RegExp(text.message)).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(text.invalid);
    expect(document.activeElement).toBe(field(text.name));
  });

  it('keeps what was typed when the values are wrong', () => {
    const fetchMock = stubFetch(() => json({}));
    render(<AppealForm apiBase={API} courseId={7} />);
    type(text.name, 'Иван Петров');
    type(text.email, 'ivan@mail');
    type(new RegExp(text.message), 'Есть ли рассрочка?');
    submit();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(errorOf(text.email)).toBe(text.emailInvalid);
    expect(errorOf(text.name)).toBeNull();
    expect(field(text.name).value).toBe('Иван Петров');
    expect(field(text.email).value).toBe('ivan@mail');
    expect(field(new RegExp(text.message)).value).toBe('Есть ли рассрочка?');
    expect(document.activeElement).toBe(field(text.email));
  });

  it('sends the appeal, shows "Отправка..." meanwhile, then the success state, and emits ch-appeal-submit', async () => {
    let release: (r: Response) => void = () => undefined;
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    const emit = vi.fn();
    render(<AppealForm apiBase={API} courseId={7} emit={emit} />);
    type(text.name, '  Анна Смирнова ');
    type(text.phone, '+7 (912) 345-67-89');
    submit();

    const sending = await screen.findByRole('button', { name: text.sending });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(sending);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`${API}/api/course-appeals/`);
    expect(init?.method).toBe('POST');
    expect(sentBody(fetchMock)).toEqual({ course: 7, name: 'Анна Смирнова', phone: '+7 (912) 345-67-89' });

    release(json({ id: 41, detail: 'Спасибо! Заявка принята, школа ответит в течение дня.' }, 201));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Спасибо! Заявка принята, школа ответит в течение дня.');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(emit).toHaveBeenCalledWith('ch-appeal-submit', { courseId: 7, appealId: 41 });
    expect(screen.queryByLabelText(text.name)).toBeNull();
  });

  it('shows the default success text without a detail, and lets one send another appeal', async () => {
    const fetchMock = stubFetch(() => json({ id: 42 }, 201));
    render(<AppealForm apiBase={API} courseId={9} />);
    type(text.name, 'Ольга');
    type(text.email, 'olga@example.ru');
    type(new RegExp(text.message), 'Когда старт потока?');
    submit();
    expect((await screen.findByRole('status')).textContent).toBe('Заявка отправлена. Мы свяжемся с вами.');
    expect(sentBody(fetchMock)).toEqual({ course: 9, name: 'Ольга', email: 'olga@example.ru', message: 'Когда старт потока?' });

    fireEvent.click(screen.getByRole('button', { name: text.another }));
    expect(field(text.name).value).toBe('Ольга');
    expect(field(text.email).value).toBe('olga@example.ru');
    expect(field(new RegExp(text.message)).value).toBe('');
    // Focus moves in an effect after the form comes back: waited on, not raced (failed once on a busy machine).
    await waitFor(() => expect(document.activeElement).toBe(field(new RegExp(text.message))));
  });

  it('puts the server field errors under their fields and keeps the values', async () => {
    stubFetch(() =>
      json({ code: 'VALIDATION_ERROR', message: 'Проверьте данные заявки', fields: { email: ['Такой адрес не существует'], phone: 'Неверный номер' } }, 400),
    );
    render(<AppealForm apiBase={API} courseId={7} />);
    type(text.name, 'Анна');
    type(text.email, 'anna@example.ru');
    type(text.phone, '+7 900 000-00-00');
    submit();
    await waitFor(() => expect(errorOf(text.email)).toBe('Такой адрес не существует'));
    expect(errorOf(text.phone)).toBe('Неверный номер');
    expect(screen.getByRole('alert').textContent).toBe(text.invalid);
    expect(field(text.email).value).toBe('anna@example.ru');
    await waitFor(() => expect(document.activeElement).toBe(field(text.phone)));
    expect((screen.getByRole('button', { name: text.submit }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows errors about other fields (the course) at form level', async () => {
    stubFetch(() => json({ code: 'VALIDATION_ERROR', message: 'Курс недоступен для заявок', fields: { course: ['Неверный курс'] } }, 400));
    render(<AppealForm apiBase={API} courseId={7} />);
    type(text.name, 'Анна');
    type(text.email, 'anna@example.ru');
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Курс недоступен для заявок');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(errorOf(text.email)).toBeNull();
  });

  it.each([
    ['429 with its message', () => json({ code: 'RATE_LIMITED', message: 'Слишком много запросов, подождите минуту' }, 429), 'Слишком много запросов, подождите минуту'],
    ['429 without a body', () => new Response('', { status: 429 }), text.tooMany],
    ['a 404', () => json({ code: 'COURSE_NOT_FOUND', message: 'Курс не найден' }, 404), 'Курс не найден'],
    ['a 500 (internals never shown)', () => json({ code: 'INTERNAL', message: 'relation "appeals" does not exist' }, 500), commonMessages.serverError],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
      commonMessages.networkError,
    ],
  ])('shows %s as a form-level message and keeps the values', async (_name, answer, expected) => {
    stubFetch(answer);
    render(<AppealForm apiBase={API} courseId={7} />);
    type(text.name, 'Анна');
    type(text.phone, '89123456789');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(expected);
    expect(field(text.name).value).toBe('Анна');
    expect(field(text.phone).value).toBe('89123456789');
    expect(screen.getByRole('button', { name: text.submit })).toBeTruthy();
  });

  it('starts afresh for another course', async () => {
    stubFetch(() => json({ id: 1 }, 201));
    const { rerender } = render(<AppealForm apiBase={API} courseId={1} />);
    type(text.name, 'Анна');
    type(text.phone, '89123456789');
    submit();
    await screen.findByRole('status');
    rerender(<AppealForm apiBase={API} courseId={2} />);
    expect(field(text.name).value).toBe('');
  });
});
