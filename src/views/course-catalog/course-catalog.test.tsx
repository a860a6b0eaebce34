import { formatMoney, catalogMessages, commonMessages } from '#core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPublicCache } from '../shared/public-client.ts';
import specs from '../../widgets/widget-specs.json' with { type: 'json' };
import type { CatalogCourse, CatalogPage, CourseDetail } from './catalog-data.ts';
import { CourseCatalog } from './course-catalog.tsx';
import { json } from '../../../tests/helpers/json-response.ts';

const text = catalogMessages;
/** The money text (major units) as Testing Library reads it (it folds Intl's no-break spaces into spaces). */
const rub = (amount: number) => formatMoney(amount * 100, 'RUB').replace(/\s/g, ' ');
const API = 'https://coursehub.example';

const python: CatalogCourse = {
  course_id: 11,
  name: 'Python с нуля',
  description: 'Основы программирования на Python: переменные, циклы, функции и первые проекты.',
  duration_days: 30,
  format: 'online',
  price: 12900,
  currency: 'RUB',
  photo_url: '/media/courses/python.jpg',
  school: 'code-school',
  school_title: 'Школа программирования «Код»',
};
const design: CatalogCourse = {
  course_id: 12,
  name: 'Веб-дизайн для начинающих',
  description: 'Figma, композиция и цвет: соберёте первый макет сайта.',
  duration_days: 1,
  format: 'online',
  price: 0,
  currency: 'BYN',
  photo_url: null,
  school: 'art-lab',
  school_title: 'Арт-лаборатория',
};

function pageOf(results: CatalogCourse[], count = results.length): CatalogPage {
  return { count, next: null, previous: null, results };
}

const detail: CourseDetail = {
  // The whole description: its text, and the server's sanitised HTML, which the preview renders.
  course: {
    course_id: 11,
    name: python.name,
    description: python.description,
    description_html: '<p>Основы программирования на <strong>Python</strong>: переменные, циклы, функции и первые проекты.</p><ul><li>практика</li></ul>',
    price: 12900,
    currency: 'RUB',
    duration_days: 30,
    format: 'online',
    photo_url: null,
    school: 'code-school',
    school_title: python.school_title,
  },
  landing: {
    header: { description: 'Станьте разработчиком за месяц: практика с первого урока.' },
    trainingProgram: {
      title: 'Программа обучения',
      sections: [
        { section_id: 2, name: 'Циклы и функции', order: 2, lessons: [{ name: 'Цикл for' }, { name: 'Функции' }, { name: 'Тест' }, { name: 'Практика' }, { name: 'Итог' }] },
        { section_id: 1, name: 'Введение', order: 1, lessons: [{ name: 'Установка Python' }] },
      ],
    },
  },
};

type Answer = { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }> | 'network';


/** Stubs fetch: `answer` sees the request's URL and says what the server returns. */
function stubApi(answer: (url: URL, init?: RequestInit) => Answer) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const result = await answer(url, init);
    if (result === 'network') throw new TypeError('Failed to fetch');
    return json(result.body, result.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function listCalls(fetchMock: ReturnType<typeof stubApi>): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input)))
    .filter((url) => url.pathname === '/api/course_catalog/');
}

function params(url: URL | undefined): Record<string, string> {
  return Object.fromEntries(url?.searchParams ?? []);
}

const searchBox = () => screen.getByRole('searchbox', { name: text.searchLabel }) as HTMLInputElement;

afterEach(() => {
  clearPublicCache();
  vi.useRealTimers();
});

describe('CourseCatalog list', () => {
  it('shows the loading state while the list is on its way', () => {
    stubApi(() => new Promise(() => undefined));
    render(<CourseCatalog apiBase={API} />);
    expect(screen.getByRole('status').textContent).toContain(text.loading);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the course cards and emits ch-ready with the count', async () => {
    const fetchMock = stubApi(() => ({ body: pageOf([python, design]) }));
    const emit = vi.fn();
    render(<CourseCatalog apiBase={API} emit={emit} />);

    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { level: 3 }).textContent).toBe('Python с нуля');
    expect(first.getByText(python.description).className).toBe('card-description');
    expect(first.getByText(rub(12900))).toBeTruthy();
    expect(first.getByText('30 дней')).toBeTruthy();
    expect(first.getByText('Школа программирования «Код»')).toBeTruthy();
    const img = first.getByRole('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(`${API}/media/courses/python.jpg`);
    expect(img.alt).toBe(text.photoAlt('Python с нуля'));

    const second = within(cards[1]!);
    expect(second.getByText('бесплатно')).toBeTruthy();
    expect(second.getByText('1 день')).toBeTruthy();
    expect(second.queryByRole('img')).toBeNull();
    expect(cards[1]!.querySelector('.card-photo-empty')).not.toBeNull();
    expect(second.getByRole('button', { name: text.more })).toBeTruthy();

    expect(screen.getByText(text.found(2))).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull(); // one page: no pager
    expect(params(listCalls(fetchMock)[0])).toEqual({ p: '1', s: '12' });
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-ready', { count: 2 }));
    expect(emit).toHaveBeenCalledTimes(1);
  });

  it('asks only for the given school, with the page size clamped to 1–12', async () => {
    const fetchMock = stubApi(() => ({ body: pageOf([python]) }));
    const { rerender } = render(<CourseCatalog apiBase={API} school="code-school" pageSize={50} />);
    await screen.findByText('Python с нуля');
    expect(params(listCalls(fetchMock)[0])).toEqual({ p: '1', s: '12', school: 'code-school' });

    rerender(<CourseCatalog apiBase={API} school="code-school" pageSize={4} />);
    await waitFor(() => expect(params(listCalls(fetchMock)[1])).toEqual({ p: '1', s: '4', school: 'code-school' }));
    rerender(<CourseCatalog apiBase={API} pageSize={0} />);
    await waitFor(() => expect(params(listCalls(fetchMock)[2])).toEqual({ p: '1', s: '1' }));
    rerender(<CourseCatalog apiBase={API} pageSize={Number.NaN} />);
    await waitFor(() => expect(params(listCalls(fetchMock)[3])).toEqual({ p: '1', s: '12' }));
  });

  it('says "Курсы не найдены" for an empty catalogue', async () => {
    const emit = vi.fn();
    stubApi(() => ({ body: pageOf([]) }));
    render(<CourseCatalog apiBase={API} emit={emit} />);
    expect((await screen.findByText(text.empty)).getAttribute('role')).toBe('status');
    // Emitted from an effect after the render: wait for it rather than race it.
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-ready', { count: 0 }));
  });

  it('starts from the search attribute and names it when nothing matches', async () => {
    const fetchMock = stubApi(() => ({ body: pageOf([]) }));
    render(<CourseCatalog apiBase={API} search="Rust" />);
    expect(await screen.findByText('Курсы не найдены по запросу «Rust»')).toBeTruthy();
    expect(searchBox().value).toBe('Rust');
    expect(params(listCalls(fetchMock)[0])).toEqual({ p: '1', s: '12', query: 'Rust' });
  });

  it('shows an error with a retry that asks again, and emits ch-error', async () => {
    let fail = true;
    const fetchMock = stubApi(() => (fail ? { status: 503, body: { code: 'UNAVAILABLE', message: 'pg pool exhausted' } } : { body: pageOf([python]) }));
    const emit = vi.fn();
    render(<CourseCatalog apiBase={API} emit={emit} />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(commonMessages.serverError);
    expect(alert.textContent).not.toContain('pg pool');
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-error', { code: 'UNAVAILABLE', message: commonMessages.serverError, status: 503 }));

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: commonMessages.retry }));
    expect(await screen.findByText('Python с нуля')).toBeTruthy();
    expect(listCalls(fetchMock)).toHaveLength(2);
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-ready', { count: 1 }));
  });

  it('shows a network failure as an error state', async () => {
    stubApi(() => 'network');
    render(<CourseCatalog apiBase={API} />);
    expect((await screen.findByRole('alert')).textContent).toContain(commonMessages.networkError);
  });
});

describe('CourseCatalog search', () => {
  it('waits 500 ms after the last keystroke, then searches from page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubApi((url) => ({ body: pageOf(url.searchParams.get('query') ? [python] : [python, design], url.searchParams.get('query') ? 1 : 30) }));
    const emit = vi.fn();
    render(<CourseCatalog apiBase={API} pageSize={12} emit={emit} />);
    await screen.findByText('Веб-дизайн для начинающих');
    fireEvent.click(screen.getByRole('button', { name: text.page(2) }));
    await waitFor(() => expect(params(listCalls(fetchMock)[1]).p).toBe('2'));

    fireEvent.change(searchBox(), { target: { value: 'Py' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(searchBox(), { target: { value: 'Python ' } });
    act(() => vi.advanceTimersByTime(499));
    expect(listCalls(fetchMock)).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    await waitFor(() => expect(listCalls(fetchMock)).toHaveLength(3));
    expect(params(listCalls(fetchMock)[2])).toEqual({ p: '1', s: '12', query: 'Python' });
    await waitFor(() => expect(screen.queryByText('Веб-дизайн для начинающих')).toBeNull());
    await waitFor(() => expect(emit).toHaveBeenLastCalledWith('ch-ready', { count: 1 }));
  });

  it('searches at once on Enter', async () => {
    const fetchMock = stubApi(() => ({ body: pageOf([python]) }));
    render(<CourseCatalog apiBase={API} />);
    await screen.findByText('Python с нуля');
    fireEvent.change(searchBox(), { target: { value: 'дизайн' } });
    fireEvent.submit(searchBox().closest('form')!);
    await waitFor(() => expect(params(listCalls(fetchMock)[1])).toEqual({ p: '1', s: '12', query: 'дизайн' }));
  });

  it('follows the search attribute changed or removed after mount', async () => {
    const fetchMock = stubApi(() => ({ body: pageOf([python]) }));
    const { rerender } = render(<CourseCatalog apiBase={API} search="Python" />);
    await screen.findByText('Python с нуля');
    rerender(<CourseCatalog apiBase={API} search="дизайн" />);
    expect(searchBox().value).toBe('дизайн');
    await waitFor(() => expect(params(listCalls(fetchMock)[1]).query).toBe('дизайн'));
    rerender(<CourseCatalog apiBase={API} />);
    expect(searchBox().value).toBe('');
    await waitFor(() => expect(params(listCalls(fetchMock)[2])).toEqual({ p: '1', s: '12' }));
  });
});

describe('CourseCatalog pagination', () => {
  const answerPages = (count: number) => (url: URL) => {
    const page = Number(url.searchParams.get('p'));
    return { body: pageOf([{ ...python, course_id: page * 100, name: `Курс на странице ${page}` }], count) };
  };

  const pageButtons = () =>
    [...screen.getByRole('navigation', { name: text.pagination }).querySelectorAll('li')].map((item) => item.textContent);

  it('shows every page of a short list, marks the current one and moves with Prev/Next', async () => {
    const fetchMock = stubApi(answerPages(40));
    render(<CourseCatalog apiBase={API} />);
    await screen.findByText('Курс на странице 1');
    expect(pageButtons()).toEqual(['1', '2', '3', '4']);
    expect(screen.getByRole('button', { name: text.page(1) }).getAttribute('aria-current')).toBe('page');
    expect((screen.getByRole('button', { name: text.prevLabel }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: text.nextLabel }));
    await screen.findByText('Курс на странице 2');
    expect(screen.getByRole('button', { name: text.page(2) }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: text.page(1) }).getAttribute('aria-current')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: text.page(4) }));
    await screen.findByText('Курс на странице 4');
    expect((screen.getByRole('button', { name: text.nextLabel }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: text.prevLabel }));
    await screen.findByText('Курс на странице 3');
    expect(listCalls(fetchMock).map((url) => url.searchParams.get('p'))).toEqual(['1', '2', '4', '3']);
  });

  it('shows the window with ellipses for a long list (spec §9)', async () => {
    stubApi(answerPages(120));
    render(<CourseCatalog apiBase={API} />);
    await screen.findByText('Курс на странице 1');
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '…', '10']);

    fireEvent.click(screen.getByRole('button', { name: text.page(4) }));
    await screen.findByText('Курс на странице 4');
    expect(pageButtons()).toEqual(['1', '…', '3', '4', '5', '…', '10']);

    fireEvent.click(screen.getByRole('button', { name: text.page(10) }));
    await screen.findByText('Курс на странице 10');
    expect(pageButtons()).toEqual(['1', '…', '7', '8', '9', '10']);
  });

  it('keeps the pager (and the focus on it) while the next page loads', async () => {
    let hold = false;
    const pages = answerPages(40);
    stubApi((url) => (hold ? new Promise(() => undefined) : pages(url)));
    render(<CourseCatalog apiBase={API} />);
    await screen.findByText('Курс на странице 1');
    hold = true;
    const two = screen.getByRole('button', { name: text.page(2) });
    two.focus();
    fireEvent.click(two);
    expect(screen.getByRole('status').textContent).toContain(text.loading);
    expect(screen.getByRole('button', { name: text.page(2) }).getAttribute('aria-current')).toBe('page');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: text.page(2) }));
  });

  it('goes to the last page when the asked one is past the end', async () => {
    const fetchMock = stubApi((url) => {
      const page = Number(url.searchParams.get('p'));
      // 30 courses at first; by the time page 3 is asked, only 20 remain.
      if (page === 3) return { body: pageOf([], 20) };
      return { body: pageOf([{ ...python, name: `Курс на странице ${page}` }], page === 1 ? 30 : 20) };
    });
    render(<CourseCatalog apiBase={API} />);
    await screen.findByText('Курс на странице 1');
    fireEvent.click(screen.getByRole('button', { name: text.page(3) }));
    await screen.findByText('Курс на странице 2');
    expect(listCalls(fetchMock).map((url) => url.searchParams.get('p'))).toEqual(['1', '3', '2']);
  });
});

describe('CourseCatalog course preview', () => {
  function stubWithCourse(course: () => Answer) {
    return stubApi((url) => {
      if (url.pathname === '/api/course_catalog/') return { body: pageOf([python, design], 30) };
      if (url.pathname === '/api/course_catalog/11') return course();
      if (url.pathname === '/api/course-appeals/') return { status: 201, body: { id: 77, detail: 'Заявка отправлена. Мы свяжемся с вами.' } };
      return { status: 404, body: { code: 'NOT_FOUND', message: 'Не найдено' } };
    });
  }

  async function openPython(emit = vi.fn()) {
    render(<CourseCatalog apiBase={API} emit={emit} />);
    const card = (await screen.findByText('Python с нуля')).closest('li')!;
    fireEvent.click(within(card).getByRole('button', { name: text.more }));
    return emit;
  }

  it('emits ch-course-select and shows the course with its program and the appeal form', async () => {
    const fetchMock = stubWithCourse(() => ({ body: detail }));
    const emit = await openPython();
    expect(emit).toHaveBeenCalledWith('ch-course-select', { courseId: 11, name: 'Python с нуля', school: 'code-school' });

    expect(await screen.findByRole('heading', { level: 2, name: 'Python с нуля' })).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.getByText('Станьте разработчиком за месяц: практика с первого урока.')).toBeTruthy();
    // The description is the server's HTML rendered, not its tags as text.
    const description = document.querySelector('.preview-description')!;
    expect(description.querySelector('p strong')!.textContent).toBe('Python');
    expect(description.querySelector('li')!.textContent).toBe('практика');
    expect(description.textContent).toBe(`${python.description}практика`);
    expect(document.body.textContent).not.toMatch(/<\/?(p|strong|ul|li)>/);
    expect(screen.getByText(rub(12900))).toBeTruthy();
    expect(screen.getByText('30 дней')).toBeTruthy();
    expect(screen.getByText('Школа программирования «Код»')).toBeTruthy();

    const program = screen.getByRole('region', { name: 'Программа обучения' });
    expect(within(program).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Введение1 урок', 'Циклы и функции5 уроков']);
    expect(screen.getByRole('heading', { name: text.appeal.title })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: new RegExp(text.back) })));
    expect(fetchMock.mock.calls.some(([input]) => String(input) === `${API}/api/course_catalog/11`)).toBe(true);
  });

  it('opens straight on a course when given its id (the app\'s /course-catalog/{id}/)', async () => {
    stubWithCourse(() => ({ body: detail }));
    render(<CourseCatalog apiBase={API} courseId={11} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Python с нуля' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: new RegExp(text.back) }));
    expect(await screen.findByText('Python с нуля')).toBeTruthy();
  });

  it('sends an appeal for the course and emits ch-appeal-submit', async () => {
    const fetchMock = stubWithCourse(() => ({ body: detail }));
    const emit = await openPython();
    await screen.findByRole('heading', { level: 2, name: 'Python с нуля' });
    fireEvent.change(screen.getByLabelText(text.appeal.name), { target: { value: 'Мария' } });
    fireEvent.change(screen.getByLabelText(text.appeal.email), { target: { value: 'maria@example.ru' } });
    fireEvent.click(screen.getByRole('button', { name: text.appeal.submit }));
    expect((await screen.findByText(text.appeal.success)).closest('[role="status"]')).not.toBeNull();
    expect(emit).toHaveBeenCalledWith('ch-appeal-submit', { courseId: 11, appealId: 77 });
    const post = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/course-appeals/'))!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ course: 11, name: 'Мария', email: 'maria@example.ru' });
  });

  it('goes back to the same page of the list without asking again, focus on the card', async () => {
    const fetchMock = stubWithCourse(() => ({ body: detail }));
    render(<CourseCatalog apiBase={API} />);
    await screen.findByText('Python с нуля');
    fireEvent.click(screen.getByRole('button', { name: text.page(2) }));
    await waitFor(() => expect(screen.getByRole('button', { name: text.page(2) }).getAttribute('aria-current')).toBe('page'));
    fireEvent.change(searchBox(), { target: { value: 'Pyt' } }); // typed, not yet searched
    const card = screen.getByText('Python с нуля').closest('li')!;
    fireEvent.click(within(card).getByRole('button', { name: text.more }));
    await screen.findByRole('heading', { level: 2, name: 'Python с нуля' });
    const before = listCalls(fetchMock).length;

    fireEvent.click(screen.getByRole('button', { name: new RegExp(text.back) }));
    expect(screen.getByRole('button', { name: text.page(2) }).getAttribute('aria-current')).toBe('page');
    expect(searchBox().value).toBe('Pyt');
    expect(listCalls(fetchMock).length).toBe(before);
    const again = screen.getByText('Python с нуля').closest('li')!;
    await waitFor(() => expect(document.activeElement).toBe(within(again).getByRole('button', { name: text.more })));
  });

  it('shows the loading state of the course', async () => {
    stubWithCourse(() => new Promise(() => undefined));
    await openPython();
    expect((await screen.findByRole('status')).textContent).toContain(text.previewLoading);
    expect(screen.getByRole('button', { name: new RegExp(text.back) })).toBeTruthy();
  });

  it('shows an error with a retry for the course, and emits ch-error', async () => {
    let fail = true;
    stubWithCourse(() => (fail ? { status: 500, body: {} } : { body: detail }));
    const emit = await openPython();
    expect((await screen.findByRole('alert')).textContent).toContain(commonMessages.serverError);
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-error', { code: 'HTTP_500', message: commonMessages.serverError, status: 500 }));
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: commonMessages.retry }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Python с нуля' })).toBeTruthy();
  });

  it('says "Курс не найден" for a missing course, without a retry', async () => {
    stubWithCourse(() => ({ status: 404, body: { code: 'COURSE_NOT_FOUND', message: 'Курс не найден' } }));
    const emit = await openPython();
    expect(await screen.findByRole('heading', { level: 2, name: text.courseNotFound })).toBeTruthy();
    expect(screen.getByText(text.courseNotFoundHint)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: commonMessages.retry })).toBeNull();
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-error', { code: 'COURSE_NOT_FOUND', message: 'Курс не найден', status: 404 }));
    fireEvent.click(screen.getByRole('button', { name: new RegExp(text.back) }));
    expect(await screen.findByText('Python с нуля')).toBeTruthy();
  });

  it('shows a course without a landing: no program, no lead', async () => {
    stubWithCourse(() => ({ body: { course: detail.course, landing: null } }));
    await openPython();
    await screen.findByRole('heading', { level: 2, name: 'Python с нуля' });
    expect(screen.queryByRole('region', { name: /Программа/ })).toBeNull();
    expect(document.querySelector('.preview-lead')).toBeNull();
    expect(screen.getByLabelText(text.appeal.name)).toBeTruthy();
  });
});

describe('CourseCatalog parts', () => {
  it('carries every part of its spec for ::part() theming', async () => {
    stubApi((url) => (url.pathname === '/api/course_catalog/11' ? { body: detail } : { body: pageOf([python, design], 30) }));
    render(<CourseCatalog apiBase={API} />);
    await screen.findByText('Python с нуля');
    const seen = new Set<string>();
    const collect = () => document.querySelectorAll('[part]').forEach((el) => el.getAttribute('part')!.split(' ').forEach((p) => seen.add(p)));
    collect();
    fireEvent.click(within(screen.getByText('Python с нуля').closest('li')!).getByRole('button', { name: text.more }));
    await screen.findByRole('heading', { level: 2, name: 'Python с нуля' });
    collect();
    const spec = specs.widgets.find((w) => w.tag === 'ch-course-catalog')!;
    expect(spec.parts.filter((part) => !seen.has(part))).toEqual([]);
  });
});
