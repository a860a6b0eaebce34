import { defaultLanding, LANDING_BLOCK_KEYS, type Landing } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPublicCache } from '../shared/public-client.ts';
import { CourseLanding, safeUrl } from './course-landing.tsx';
import { json } from '../../../tests/helpers/json-response.ts';

const API = 'https://coursehub.example';
const URL_OF = `${API}/api/python-school/course_landing/42/`;

const course = {
  course_id: 42,
  name: 'Python с нуля',
  description: 'Научитесь программировать на Python за 3 месяца.',
  price: 390,
  duration_days: 90,
  format: 'online',
  school: 'python-school',
  school_title: 'Школа Python',
};

/** Every block visible and filled, as a school that used the whole constructor would have it. */
function fullLanding(): Landing {
  const landing = defaultLanding();
  for (const key of LANDING_BLOCK_KEYS) (landing[key] as { visible: boolean }).visible = true;
  landing.header = { ...landing.header, name: 'Python с нуля до junior', description: 'Онлайн-курс с наставником', photoBackground: '/uploads/python-bg.jpg', contact_link: 'https://t.me/python_school' };
  landing.stats = { ...landing.stats, lessonCount: 12 };
  landing.audience.chips[0] = { ...landing.audience.chips[0]!, photo: 'https://cdn.example/novice.jpg' };
  landing.reviews.items[0] = { ...landing.reviews.items[0]!, avatar: '/uploads/anna.jpg' };
  landing.trainingProgram = {
    ...landing.trainingProgram,
    sections: [
      { section_id: 8, name: 'Функции и модули', order: 2, lessons: [{ lesson_id: 81, name: 'Функции', type: 'lesson' }] },
      {
        section_id: 7,
        name: 'Основы языка',
        order: 1,
        lessons: [
          { lesson_id: 71, name: 'Переменные и типы', type: 'lesson' },
          { lesson_id: 72, name: 'Условия', type: 'lesson' },
          { lesson_id: 73, name: 'Тест по основам', type: 'test' },
        ],
      },
    ],
  };
  landing.linkButton = { ...landing.linkButton, name: 'Купить курс', link: 'https://pay.example/python', color: '' };
  return landing;
}


function stubFetch(answer: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const fetch = vi.fn(async (url: unknown, init?: RequestInit) => answer(String(url), init));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const blockOrder = (container: HTMLElement) => Array.from(container.querySelectorAll('[data-block]')).map((el) => el.getAttribute('data-block'));

afterEach(() => {
  clearPublicCache();
});

describe('CourseLanding', () => {
  it.each([
    ['no school', { courseId: 42 }],
    ['no course id', { school: 'python-school' }],
    ['a course id that is not a number', { school: 'python-school', courseId: Number.NaN }],
  ])("shows 'Курс не указан' with %s and asks nothing", (_label, props) => {
    const fetch = stubFetch(() => json({}));
    const emit = vi.fn();
    render(<CourseLanding apiBase={API} emit={emit} {...props} />);
    expect(screen.getByRole('status').textContent).toBe('Курс не указан');
    expect(fetch).not.toHaveBeenCalled();
    expect(emit).not.toHaveBeenCalled();
  });

  it('shows a loading state until the landing arrives', async () => {
    let release!: (r: Response) => void;
    stubFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    render(<CourseLanding apiBase={API} school="python-school" courseId={42} />);
    expect(screen.getByRole('status').textContent).toContain('Загрузка курса...');
    release(json({ course, landing: fullLanding() }));
    await screen.findByRole('heading', { name: 'Python с нуля до junior' });
  });

  it('renders every block type of a full landing, in order, and emits ch-ready', async () => {
    const fetch = stubFetch(() => json({ course, landing: fullLanding() }));
    const emit = vi.fn();
    const { container } = render(<CourseLanding apiBase={API} school="python-school" courseId={42} emit={emit} />);
    await screen.findByRole('heading', { name: 'Python с нуля до junior' });
    expect(String(fetch.mock.calls[0]![0])).toBe(URL_OF);
    expect(blockOrder(container)).toEqual([...LANDING_BLOCK_KEYS]);
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-ready', { blocks: 17 }));
    expect(emit.mock.calls.filter(([name]) => name === 'ch-ready')).toHaveLength(1);

    // header: name, description, background photo (relative to the platform), contact link
    const header = container.querySelector<HTMLElement>('[data-block="header"]')!;
    expect(header.getAttribute('part')).toBe('block header');
    expect(within(header).getByText('Онлайн-курс с наставником')).toBeTruthy();
    expect(header.style.backgroundImage).toContain(`${API}/uploads/python-bg.jpg`);
    expect(header.classList.contains('has-photo')).toBe(true);
    expect(within(header).getByRole('link', { name: 'Связаться с нами' }).getAttribute('href')).toBe('https://t.me/python_school');
    // The price in the school's currency; this course's server sent none, so BYN.
    expect(header.querySelector('.course-price')!.textContent).toMatch(/^Стоимость: 390[\u00a0\u202f]BYN$/);

    // stats: lesson count with plural, plus the course duration
    const stats = container.querySelector<HTMLElement>('[data-block="stats"]')!;
    expect(stats.textContent).toContain('12 уроков');
    expect(stats.textContent).toContain('90 дней');

    // chips blocks: title, description, cards (with a photo when there is one)
    const audience = container.querySelector<HTMLElement>('[data-block="audience"]')!;
    expect(audience.getAttribute('part')).toBe('block chips');
    expect(within(audience).getByRole('heading', { name: 'Для кого этот курс' })).toBeTruthy();
    expect(within(audience).getAllByRole('listitem')).toHaveLength(3);
    expect(audience.querySelector('img')!.getAttribute('src')).toBe('https://cdn.example/novice.jpg');
    for (const key of ['advantage', 'trainingPurpose', 'income']) {
      expect(container.querySelector(`[data-block="${key}"] .chip`)).not.toBeNull();
    }

    // text and list blocks
    expect(within(container.querySelector<HTMLElement>('[data-block="why_python"]')!).getByRole('heading', { name: 'Почему Python' })).toBeTruthy();
    expect(container.querySelector('[data-block="who_we_are"] .text')!.textContent).toContain('Расскажите о школе');
    expect(container.querySelector('[data-block="our_flagship_product"] h3')!.textContent).toBe('Наш флагманский продукт');
    expect(within(container.querySelector<HTMLElement>('[data-block="how_learning_goes"]')!).getAllByRole('listitem')).toHaveLength(4);
    expect(container.querySelectorAll('[data-block="why_us"] li')).toHaveLength(3);
    expect(container.querySelectorAll('[data-block="it_career"] li')).toHaveLength(3);

    // FAQ as details/summary
    const faq = container.querySelector<HTMLElement>('[data-block="faq"]')!;
    const summaries = Array.from(faq.querySelectorAll('details > summary')).map((s) => s.textContent);
    expect(summaries[0]).toBe('Нужна ли специальная подготовка?');
    expect(faq.querySelectorAll('details')).toHaveLength(3);

    // reviews
    const reviews = container.querySelector<HTMLElement>('[data-block="reviews"]')!;
    expect(within(reviews).getByText('Анна К.')).toBeTruthy();
    expect(reviews.querySelector('img.avatar')!.getAttribute('src')).toBe(`${API}/uploads/anna.jpg`);

    // program: sections by order, collapsible, with their lessons
    const program = container.querySelector<HTMLElement>('[data-block="trainingProgram"]')!;
    expect(program.getAttribute('part')).toBe('block program');
    const sections = Array.from(program.querySelectorAll('details'));
    expect(sections.map((d) => d.querySelector('.section-name')!.textContent)).toEqual(['Основы языка', 'Функции и модули']);
    expect(sections[0]!.querySelector('.count')!.textContent).toBe('3 урока');
    expect(sections[1]!.querySelector('.count')!.textContent).toBe('1 урок');
    expect(sections[0]!.open).toBe(true);
    expect(sections[1]!.open).toBe(false);
    expect(within(sections[0]!).getByText('Условия')).toBeTruthy();

    // consultation: the shared appeal form with the block's title and description
    const consultation = container.querySelector<HTMLElement>('[data-block="consultation"]')!;
    expect(within(consultation).getByRole('heading', { name: 'Остались вопросы?' })).toBeTruthy();
    expect(within(consultation).getByText('Оставьте заявку, и мы поможем выбрать подходящий формат обучения.')).toBeTruthy();
    expect(within(consultation).getByLabelText('Ваше имя')).toBeTruthy();

    // link button: the default colour when the block has none
    const button = screen.getByRole('link', { name: 'Купить курс' });
    expect(button.getAttribute('href')).toBe('https://pay.example/python');
    expect(button.getAttribute('part')).toBe('button');
    expect(['#ba75ff', 'rgb(186, 117, 255)']).toContain(button.style.backgroundColor.toLowerCase());
  });

  it('skips hidden blocks', async () => {
    const landing = fullLanding();
    landing.who_we_are.visible = false;
    landing.reviews.visible = false;
    landing.faq.visible = false;
    stubFetch(() => json({ course, landing }));
    const emit = vi.fn();
    const { container } = render(<CourseLanding apiBase={API} school="python-school" courseId={42} emit={emit} />);
    await screen.findByRole('heading', { name: 'Python с нуля до junior' });
    const shown = blockOrder(container);
    expect(shown).not.toContain('who_we_are');
    expect(shown).not.toContain('reviews');
    expect(shown).not.toContain('faq');
    expect(screen.queryByText('Кто мы')).toBeNull();
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-ready', { blocks: 14 }));
  });

  it('orders the blocks by id, not by key', async () => {
    const landing = fullLanding();
    // The school moved FAQ up to third place: it swapped ids with the audience block.
    landing.faq.id = 2;
    landing.audience.id = 8;
    stubFetch(() => json({ course, landing }));
    const { container } = render(<CourseLanding apiBase={API} school="python-school" courseId={42} />);
    await screen.findByRole('heading', { name: 'Python с нуля до junior' });
    const order = blockOrder(container);
    expect(order.slice(0, 4)).toEqual(['header', 'stats', 'faq', 'advantage']);
    expect(order.indexOf('audience')).toBe(8);
  });

  it('shows a landing it is given without asking the server (the constructor preview)', () => {
    const fetch = stubFetch(() => json({}));
    const landing = fullLanding();
    const { rerender } = render(<CourseLanding apiBase={API} school="python-school" courseId={42} data={{ course, landing }} />);
    expect(screen.getByRole('heading', { name: 'Python с нуля до junior' })).toBeTruthy();
    rerender(<CourseLanding apiBase={API} school="python-school" courseId={42} data={{ course, landing: { ...landing, header: { ...landing.header, name: 'Новое название' } } }} />);
    expect(screen.getByRole('heading', { name: 'Новое название' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps a colour the school chose for the link button', async () => {
    const landing = fullLanding();
    landing.linkButton.color = '#1e88e5';
    stubFetch(() => json({ course, landing }));
    render(<CourseLanding apiBase={API} school="python-school" courseId={42} />);
    const button = await screen.findByRole('link', { name: 'Купить курс' });
    expect(['#1e88e5', 'rgb(30, 136, 229)']).toContain(button.style.backgroundColor.toLowerCase());
  });

  it.each(['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', '', '/relative/path'])(
    'does not render a link button with the link %j',
    async (link) => {
      const landing = fullLanding();
      landing.linkButton.link = link;
      stubFetch(() => json({ course, landing }));
      const emit = vi.fn();
      const { container } = render(<CourseLanding apiBase={API} school="python-school" courseId={42} emit={emit} />);
      await screen.findByRole('heading', { name: 'Python с нуля до junior' });
      expect(screen.queryByRole('link', { name: 'Купить курс' })).toBeNull();
      expect(container.querySelector('[data-block="linkButton"]')).toBeNull();
      expect(container.querySelector('a[href^="javascript:"], a[href^="data:"]')).toBeNull();
      await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-ready', { blocks: 16 }));
    },
  );

  it('ignores an unsafe background photo and contact link, and shows server text as plain text', async () => {
    const landing = fullLanding();
    landing.header = { ...landing.header, name: '<b>Python</b>', photoBackground: 'javascript:alert(1)', contact_link: 'javascript:alert(2)' };
    landing.faq.items = [{ question: '<img src=x onerror=alert(1)>', answer: 'Ответ' }];
    stubFetch(() => json({ course, landing }));
    const { container } = render(<CourseLanding apiBase={API} school="python-school" courseId={42} />);
    await screen.findByRole('heading', { name: '<b>Python</b>' });
    const header = container.querySelector<HTMLElement>('[data-block="header"]')!;
    expect(header.style.backgroundImage).toBe('');
    expect(header.classList.contains('has-photo')).toBe(false);
    expect(within(header).queryByRole('link')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
  });

  it('fills what the server landing lacks and falls back to the course name', async () => {
    stubFetch(() =>
      json({
        course: { ...course, currency: 'RUB' },
        landing: {
          header: { name: '', description: '' },
          trainingProgram: { sections: [] },
          linkButton: { visible: false },
        },
      }),
    );
    const { container } = render(<CourseLanding apiBase={API} school="python-school" courseId={42} />);
    await screen.findByRole('heading', { name: 'Python с нуля' });
    expect(within(container.querySelector<HTMLElement>('[data-block="header"]')!).getByText(course.description)).toBeTruthy();
    expect(container.querySelector('[data-block="trainingProgram"]')!.textContent).toContain('Программа курса скоро появится');
    expect(container.querySelector('[data-block="linkButton"]')).toBeNull();
    expect(container.querySelector('.course-price')!.textContent).toMatch(/^Стоимость: 390[\u00a0\u202f]₽$/);
    // Hidden by default: the text blocks who_we_are, why_python, our_flagship_product, it_career and reviews.
    expect(blockOrder(container)).toEqual(['header', 'stats', 'audience', 'advantage', 'trainingPurpose', 'income', 'why_us', 'faq', 'how_learning_goes', 'trainingProgram', 'consultation']);
  });

  it("shows 'Курс не найден' on 404, without a retry, and emits ch-error", async () => {
    stubFetch(() => json({ code: 'COURSE_NOT_FOUND', message: 'Курс не найден' }, 404));
    const emit = vi.fn();
    render(<CourseLanding apiBase={API} school="python-school" courseId={42} emit={emit} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Курс не найден');
    expect(within(alert).queryByRole('button')).toBeNull();
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-error', { code: 'COURSE_NOT_FOUND', message: 'Курс не найден', status: 404 }));
    expect(emit).not.toHaveBeenCalledWith('ch-ready', expect.anything());
  });

  it('shows an error with a retry that asks again, and emits ch-error', async () => {
    let fail = true;
    const fetch = stubFetch(() => (fail ? json({ code: 'SERVER_ERROR', message: 'internal' }, 500) : json({ course, landing: fullLanding() })));
    const emit = vi.fn();
    render(<CourseLanding apiBase={API} school="python-school" courseId={42} emit={emit} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Что-то пошло не так на сервере');
    expect(alert.textContent).not.toContain('internal');
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-error', { code: 'SERVER_ERROR', message: 'Что-то пошло не так на сервере. Попробуйте ещё раз через минуту.', status: 500 }));
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    await screen.findByRole('heading', { name: 'Python с нуля до junior' });
    expect(fetch).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-ready', { blocks: 17 }));
  });

  it("shows a free course's price as 'бесплатно' (spec §9)", async () => {
    stubFetch(() => json({ course: { ...course, price: 0, currency: 'BYN' }, landing: { header: { name: '', description: '' } } }));
    const { container } = render(<CourseLanding apiBase={API} school="python-school" courseId={42} />);
    await screen.findByRole('heading', { name: 'Python с нуля' });
    expect(container.querySelector('.course-price')!.textContent).toBe('Стоимость: бесплатно');
  });

  it('loads another course when the course id changes after mount', async () => {
    const other = fullLanding();
    other.header.name = 'Веб-дизайн';
    const fetch = stubFetch((url) =>
      url.endsWith('/43/') ? json({ course: { ...course, course_id: 43, name: 'Веб-дизайн' }, landing: other }) : json({ course, landing: fullLanding() }),
    );
    const { rerender } = render(<CourseLanding apiBase={API} school="python-school" courseId={42} />);
    await screen.findByRole('heading', { name: 'Python с нуля до junior' });
    rerender(<CourseLanding apiBase={API} school="python-school" courseId={43} />);
    await screen.findByRole('heading', { name: 'Веб-дизайн' });
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([URL_OF, `${API}/api/python-school/course_landing/43/`]);
    rerender(<CourseLanding apiBase={API} school="python-school" />);
    expect(screen.getByRole('status').textContent).toBe('Курс не указан');
  });

  it('sends a consultation request through the shared appeal form', async () => {
    const fetch = stubFetch((url, init) =>
      url.endsWith('/course-appeals/') && init?.method === 'POST'
        ? json({ id: 501, detail: 'Заявка отправлена. Мы свяжемся с вами.' }, 201)
        : json({ course, landing: fullLanding() }),
    );
    const emit = vi.fn();
    render(<CourseLanding apiBase={API} school="python-school" courseId={42} emit={emit} />);
    await screen.findByRole('heading', { name: 'Остались вопросы?' });
    fireEvent.change(screen.getByLabelText('Ваше имя'), { target: { value: 'Мария' } });
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '+375 29 123-45-67' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-appeal-submit', { courseId: 42, appealId: 501 }));
    const post = fetch.mock.calls.find(([url]) => String(url).endsWith('/course-appeals/'))!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ course: 42, name: 'Мария', phone: '+375 29 123-45-67' });
  });
});

describe('safeUrl', () => {
  it('lets only http(s) through, resolving paths against the platform when given', () => {
    expect(safeUrl('https://t.me/school')).toBe('https://t.me/school');
    expect(safeUrl('http://example.com/a b')).toBe('http://example.com/a%20b');
    expect(safeUrl('/uploads/a.jpg', API)).toBe(`${API}/uploads/a.jpg`);
    expect(safeUrl('/uploads/a.jpg')).toBeNull();
    expect(safeUrl('JavaScript:alert(1)')).toBeNull();
    expect(safeUrl('  javascript:alert(1)', API)).toBeNull();
    expect(safeUrl('mailto:a@b.ru')).toBeNull();
    expect(safeUrl('')).toBeNull();
    expect(safeUrl(null)).toBeNull();
  });
});
