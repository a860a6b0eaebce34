import { DEFAULT_SIGNATURE_SRC, DEFAULT_STAMP_SRC, type CertificateData } from '#core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPublicCache } from '../shared/public-client.ts';
import { Certificate, certificateErrorMessage, MAX_LISTED_LESSONS } from './certificate.tsx';
import { certificateStyles } from './certificate.styles.ts';
import { json, stubFetchSequence } from '../../../tests/helpers/json-response.ts';

const API = 'https://platform.example';
const LINK = 'gAAAAB+abc/def==';
const CERT_URL = `${API}/api/certificate/${encodeURIComponent(LINK)}/`;

const CERT: CertificateData = {
  user_full_name: 'Кузнецов Дмитрий Олегович',
  first_name: 'Дмитрий',
  last_name: 'Кузнецов',
  patronymic: 'Олегович',
  course_name: 'Веб-дизайн для начинающих',
  school_name: 'Онлайн-школа «Пиксель»',
  date: '2024-11-03',
  signature: 'https://cdn.example/signature.png',
  stamp: 'https://cdn.example/stamp.png',
  director_name: 'Орлова Марина Игоревна',
  teacher: 'Соколов Артём Павлович',
  sections: [
    {
      name: 'Основы композиции',
      lessons: [
        { lesson_id: 11, name: 'Сетка и модульность', type: 'lesson' },
        { lesson_id: 12, name: 'Типографика', type: 'lesson' },
      ],
    },
    { name: 'Практика', lessons: [{ lesson_id: 13, name: 'Макет лендинга', type: 'homework' }] },
  ],
};



const part = (name: string) => document.querySelector(`[part~="${name}"]`);

afterEach(() => {
  clearPublicCache();
  vi.useRealTimers();
});

describe('<Certificate> states', () => {
  it('shows the loading text while the certificate is on its way', () => {
    stubFetchSequence(() => new Promise<Response>(() => undefined));
    render(<Certificate certLink={LINK} apiBase={API} />);
    expect(screen.getByRole('status').textContent).toContain('Загрузка сертификата...');
  });

  it("says 'Данные не загружены' without a link, and asks nothing", () => {
    const fetch = stubFetchSequence(() => json(CERT));
    const emit = vi.fn();
    render(<Certificate apiBase={API} emit={emit} />);
    expect(screen.getByRole('status').textContent).toBe('Данные не загружены');
    expect(fetch).not.toHaveBeenCalled();
    expect(emit).not.toHaveBeenCalled();
  });

  it("treats a blank link as no link", () => {
    stubFetchSequence(() => json(CERT));
    render(<Certificate certLink="   " apiBase={API} />);
    expect(screen.getByText('Данные не загружены')).toBeTruthy();
  });

  it('renders the certificate from its link and emits ch-certificate-load and ch-ready', async () => {
    const fetch = stubFetchSequence(() => json(CERT));
    const emit = vi.fn();
    render(<Certificate certLink={LINK} apiBase={API} emit={emit} />);

    expect(await screen.findByText('Кузнецов Дмитрий Олегович')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]![0])).toBe(CERT_URL);

    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Сертификат');
    expect(screen.getByText('успешно прошёл(ла) курс')).toBeTruthy();
    expect(part('sheet')!.getAttribute('aria-label')).toBe('Сертификат: Кузнецов Дмитрий Олегович');
    expect(part('name')!.textContent).toBe('Кузнецов Дмитрий Олегович');
    expect(part('course')!.textContent).toBe('«Веб-дизайн для начинающих»');
    expect(part('school')!.textContent).toBe('Онлайн-школа «Пиксель»');
    expect(part('date')!.textContent).toBe('3 ноября 2024 г.');
    expect(part('date')!.querySelector('time')!.getAttribute('datetime')).toBe('2024-11-03');
    expect(part('signature')!.getAttribute('src')).toBe('https://cdn.example/signature.png');
    expect(part('signature')!.getAttribute('alt')).toBe('Подпись: Орлова Марина Игоревна');
    expect(part('stamp')!.getAttribute('src')).toBe('https://cdn.example/stamp.png');
    expect(part('stamp')!.getAttribute('alt')).toBe('Печать: Онлайн-школа «Пиксель»');
    expect(screen.getByText('Орлова Марина Игоревна')).toBeTruthy();
    expect(screen.getByText('Директор')).toBeTruthy();
    expect(screen.getByText('Соколов Артём Павлович')).toBeTruthy();
    expect(screen.getByText('Преподаватель')).toBeTruthy();

    // The program, compact: modules with their lessons.
    const program = screen.getByRole('region', { name: 'Программа курса' });
    expect(program.textContent).toContain('Основы композиции');
    expect(program.textContent).toContain('Сетка и модульность');
    expect(program.textContent).toContain('Макет лендинга');

    const detail = { courseName: 'Веб-дизайн для начинающих', userName: 'Кузнецов Дмитрий Олегович' };
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-certificate-load', detail));
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-ready', { ...detail, preview: false }));
    expect(emit).toHaveBeenCalledTimes(2);
  });

  it('shows the QR code of the certificate page, drawn by the server, under its caption', async () => {
    stubFetchSequence(() => json(CERT));
    render(<Certificate certLink={LINK} apiBase={API} />);
    const qr = await screen.findByRole('img', { name: 'QR-код: ссылка на этот сертификат на платформе' });
    expect(qr).toBe(part('qr'));
    expect(qr.getAttribute('src')).toBe(`${API}/api/certificate/${encodeURIComponent(LINK)}/qr.svg`);
    expect(screen.getByText('Проверка подлинности')).toBeTruthy();
  });

  it('asks the page\'s own origin for the QR code when the platform renders it (no api-base)', async () => {
    stubFetchSequence(() => json(CERT));
    const { container } = render(<Certificate certLink="abc_DEF-1" apiBase="" />);
    await screen.findByText('Кузнецов Дмитрий Олегович');
    expect(container.querySelector('img.qr')!.getAttribute('src')).toBe('/api/certificate/abc_DEF-1/qr.svg');
  });

  it('shows the fixed sample in preview mode without any request', () => {
    const fetch = stubFetchSequence(() => json(CERT));
    const emit = vi.fn();
    render(<Certificate preview certLink={LINK} apiBase={API} emit={emit} />);

    expect(fetch).not.toHaveBeenCalled();
    expect(part('name')!.textContent).toBe('Иванова Анна Сергеевна');
    expect(part('course')!.textContent).toBe('«Python-разработчик с нуля»');
    expect(part('school')!.textContent).toBe('Школа цифровых профессий');
    expect(part('date')!.textContent).toBe('20 мая 2024 г.');
    expect(part('signature')!.getAttribute('src')).toBe(DEFAULT_SIGNATURE_SRC);
    expect(part('stamp')!.getAttribute('src')).toBe(DEFAULT_STAMP_SRC);
    expect(screen.getByText('Петров Сергей Николаевич')).toBeTruthy();
    expect(screen.getByText('Смирнова Елена Викторовна')).toBeTruthy();
    expect(screen.getByText('Итоговый проект')).toBeTruthy();
    expect(emit).toHaveBeenCalledWith('ch-certificate-load', { courseName: 'Python-разработчик с нуля', userName: 'Иванова Анна Сергеевна' });
    expect(emit).toHaveBeenCalledWith('ch-ready', { courseName: 'Python-разработчик с нуля', userName: 'Иванова Анна Сергеевна', preview: true });
    // The sample is no certificate: nothing to verify.
    expect(part('qr')).toBeNull();
  });

  it('loads the real certificate once preview is switched off', async () => {
    const fetch = stubFetchSequence(() => json(CERT));
    const { rerender } = render(<Certificate preview certLink={LINK} apiBase={API} />);
    expect(fetch).not.toHaveBeenCalled();
    rerender(<Certificate certLink={LINK} apiBase={API} />);
    expect(await screen.findByText('Кузнецов Дмитрий Олегович')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks again when the link changes', async () => {
    const fetch = stubFetchSequence(
      () => json(CERT),
      () => json({ ...CERT, user_full_name: 'Белова Ольга Андреевна' }),
    );
    const { rerender } = render(<Certificate certLink={LINK} apiBase={API} />);
    await screen.findByText('Кузнецов Дмитрий Олегович');
    rerender(<Certificate certLink="other-link" apiBase={API} />);
    expect(await screen.findByText('Белова Ольга Андреевна')).toBeTruthy();
    expect(String(fetch.mock.calls[1]![0])).toBe(`${API}/api/certificate/other-link/`);
  });

  it("shows a bad link as 'Ошибка: Ошибка при расшифровке данных сертификата', emits ch-error, and retries", async () => {
    const fetch = stubFetchSequence(
      () => json({ code: 'CERT_INVALID', message: 'Ошибка при расшифровке данных сертификата' }, 400),
      () => json(CERT),
    );
    const emit = vi.fn();
    render(<Certificate certLink={LINK} apiBase={API} emit={emit} />);

    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('p')!.textContent).toBe('Ошибка: Ошибка при расшифровке данных сертификата');
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-error', { code: 'CERT_INVALID', message: 'Ошибка при расшифровке данных сертификата', status: 400 }));
    expect(emit).not.toHaveBeenCalledWith('ch-ready', expect.anything());

    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Кузнецов Дмитрий Олегович')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-ready', expect.objectContaining({ userName: 'Кузнецов Дмитрий Олегович' })));
  });

  it.each([
    ['a missing certificate (404)', () => json({ code: 'CERT_NOT_FOUND', message: 'Ошибка при загрузке данных сертификата' }, 404), 'CERT_NOT_FOUND', 404],
    ['a server failure (500)', () => json({ code: 'INTERNAL', message: 'stack trace' }, 500), 'INTERNAL', 500],
    ['an unexpected 400', () => json({ code: 'VALIDATION_ERROR', message: 'Неверный запрос' }, 400), 'VALIDATION_ERROR', 400],
    ['no connection', () => Promise.reject(new TypeError('Failed to fetch')), 'NETWORK_ERROR', 0],
  ])("shows %s as 'Ошибка: Ошибка при загрузке данных сертификата'", async (_label, answer, code, status) => {
    stubFetchSequence(answer);
    const emit = vi.fn();
    render(<Certificate certLink={LINK} apiBase={API} emit={emit} />);
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('p')!.textContent).toBe('Ошибка: Ошибка при загрузке данных сертификата');
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-error', expect.objectContaining({ code, status })));
  });

  it("shows 'Данные не загружены' when the answer is not a certificate", async () => {
    stubFetchSequence(() => json(null));
    const emit = vi.fn();
    render(<Certificate certLink={LINK} apiBase={API} emit={emit} />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Данные не загружены'));
    expect(emit).not.toHaveBeenCalled();
  });
});

describe('<Certificate> fallbacks (spec §5)', () => {
  it('fills every blank line of the form', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 0, 15, 12, 0));
    stubFetchSequence(() =>
      json({
        user_full_name: 'None None',
        first_name: 'None',
        last_name: '',
        patronymic: null,
        course_name: 'None',
        school_name: '  ',
        date: null,
        signature: null,
        stamp: '',
        director_name: null,
        teacher: null,
        sections: null,
      }),
    );
    const emit = vi.fn();
    render(<Certificate certLink={LINK} apiBase={API} emit={emit} />);

    expect((await screen.findByText('Имя не указано')).getAttribute('part')).toBe('name');
    expect(part('course')!.textContent).toBe('«Курс не найден»');
    expect(part('school')!.textContent).toBe('Школа не найдена');
    expect(part('date')!.textContent).toBe('15 января 2025 г.');
    expect(screen.getByText('Director Name')).toBeTruthy();
    expect(screen.getByText('Teacher Name')).toBeTruthy();
    expect(part('signature')!.getAttribute('src')).toBe(DEFAULT_SIGNATURE_SRC);
    expect(part('stamp')!.getAttribute('src')).toBe(DEFAULT_STAMP_SRC);
    expect(screen.queryByRole('region', { name: 'Программа курса' })).toBeNull();
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-certificate-load', { courseName: 'Курс не найден', userName: 'Имя не указано' }));
  });

  it('builds the name from its parts and lets the teacher line fall back to the director', async () => {
    stubFetchSequence(() =>
      json({ ...CERT, user_full_name: 'None', last_name: 'Романова', first_name: 'Вера', patronymic: 'None', teacher: '', signature: null }),
    );
    render(<Certificate certLink={LINK} apiBase={API} />);
    expect(await screen.findByText('Романова Вера')).toBeTruthy();
    // Director and teacher lines both read the director's name.
    expect(screen.getAllByText('Орлова Марина Игоревна')).toHaveLength(2);
    expect(part('signature')!.getAttribute('src')).toBe(DEFAULT_SIGNATURE_SRC);
  });

  it('strips the word None from the full name and collapses the spaces', async () => {
    stubFetchSequence(() => json({ ...CERT, user_full_name: '  Кузнецов  None   Дмитрий ' }));
    render(<Certificate certLink={LINK} apiBase={API} />);
    expect((await screen.findByText('Кузнецов Дмитрий')).getAttribute('part')).toBe('name');
  });

  it('keeps a long program on one page by counting the lessons of each module', async () => {
    const lessons = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ lesson_id: from + i, name: `Урок ${from + i}`, type: 'lesson' }));
    stubFetchSequence(() =>
      json({
        ...CERT,
        sections: [
          { name: 'Модуль 1', lessons: lessons(1, MAX_LISTED_LESSONS) },
          { name: 'Модуль 2', lessons: lessons(100, 2) },
          { name: 'Модуль 3', lessons: lessons(200, 1) },
        ],
      }),
    );
    render(<Certificate certLink={LINK} apiBase={API} />);
    const program = await screen.findByRole('region', { name: 'Программа курса' });
    expect(program.textContent).toContain(`Модуль 1 — ${MAX_LISTED_LESSONS} урока`);
    expect(program.textContent).toContain('Модуль 2 — 2 урока');
    expect(program.textContent).toContain('Модуль 3 — 1 урок');
    expect(program.textContent).not.toContain('Урок 1');
  });
});

describe('<Certificate> printing', () => {
  it("prints from the 'Скачать PDF' button", async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    render(<Certificate preview apiBase={API} />);
    const button = screen.getByRole('button', { name: 'Скачать PDF' });
    expect(button.getAttribute('part')).toBe('print');
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(button);
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('has print styles for one A4 landscape sheet without the controls, and nothing external', () => {
    expect(certificateStyles).toMatch(/@page\s*{\s*size:\s*A4 landscape;\s*margin:\s*0;\s*}/);
    const print = certificateStyles.slice(certificateStyles.indexOf('@media print'));
    expect(print).toMatch(/\.toolbar\s*{\s*display:\s*none/);
    expect(print).toMatch(/aspect-ratio:\s*297 \/ 210/);
    expect(certificateStyles).not.toMatch(/@import|url\(|@font-face/);
  });

  it('marks every themable part of the sheet', () => {
    render(<Certificate preview apiBase={API} />);
    for (const name of ['sheet', 'name', 'course', 'school', 'date', 'signature', 'stamp', 'print']) {
      expect(part(name), name).not.toBeNull();
    }
  });
});

describe('certificateErrorMessage', () => {
  it('reads only a 400 CERT_INVALID as a decryption error', () => {
    expect(certificateErrorMessage({ status: 400, code: 'CERT_INVALID' })).toBe('Ошибка при расшифровке данных сертификата');
    expect(certificateErrorMessage({ status: 500, code: 'CERT_INVALID' })).toBe('Ошибка при загрузке данных сертификата');
    expect(certificateErrorMessage({ status: 404, code: 'CERT_NOT_FOUND' })).toBe('Ошибка при загрузке данных сертификата');
  });
});
