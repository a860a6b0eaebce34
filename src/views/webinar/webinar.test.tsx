import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { clearPublicCache } from '../shared/public-client.ts';
import { RECHECK_MS, Webinar } from './webinar.tsx';
import type { ChatMessage, WebinarCountdown, WebinarShow } from './webinar-model.ts';
import { json } from '../../../tests/helpers/json-response.ts';

const API = 'https://platform.example';
const SLUG = 'kak-zapustit-kurs';
const WEBINAR_URL = `${API}/api/public/webinar/${SLUG}/`;
const CHAT_URL = `${API}/api/public/webinar_chat/playback/77/messages/`;

const LIVE: WebinarShow = {
  status: 'live',
  id: 5,
  title: 'Как запустить онлайн-курс за 30 дней',
  description: 'Пошаговый план: от идеи до первых продаж.',
  video_type: 'upload',
  youtube_video_id: null,
  uploaded_video_url: '/demo/webinar.mp4',
  school_name: 'Школа цифровых профессий',
  has_chat: true,
  chat_enabled: false,
  duration_minutes: 60,
  playback_session_id: '77',
  scheduled_show_time_utc: '2025-03-01T10:00:00Z',
  video_start_offset_seconds: 60,
};

const MESSAGES: ChatMessage[] = [
  { username: 'Модератор Ольга', message: 'Добро пожаловать на вебинар!', role: 'moderator', timeshift_ms: 5_000 },
  { username: 'Ирина', message: 'Всем привет из Минска', role: 'viewer', timeshift_ms: 30_000 },
  // Out of order on purpose: the widget sorts by time.
  { username: 'Сергей', message: 'А запись будет?', role: 'viewer', timeshift_ms: 90_000 },
  { username: 'Администратор', message: 'Запись придёт на почту', role: 'admin', timeshift_ms: 120_000 },
  { username: 'Павел', message: 'Отличный пример!', role: 'viewer', timeshift_ms: 75_000 },
];


type Answer = () => Response | Promise<Response>;

/** Webinar answers in turn (the last one repeats); the chat endpoint answers `chat`. */
function mockFetch(webinar: Answer[], chat: Answer = () => json({ all_scripted_messages: MESSAGES })) {
  let call = 0;
  const fetch = vi.fn(async (url: unknown) => {
    if (String(url).includes('/webinar_chat/')) return chat();
    const answer = webinar[Math.min(call, webinar.length - 1)]!;
    call += 1;
    return answer();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const calls = (fetch: ReturnType<typeof mockFetch>, url: string) => fetch.mock.calls.filter(([u]) => String(u) === url).length;
const visibleMessages = () => screen.queryAllByRole('listitem').filter((li) => li.getAttribute('part') === 'message').map((li) => li.querySelector('.text')!.textContent);

function videoElement(): HTMLVideoElement {
  const video = document.querySelector('video');
  if (!video) throw new Error('no <video>');
  return video;
}

/** Moves the <video> to `seconds` and tells the widget, as a playing video does. */
function playTo(seconds: number) {
  const video = videoElement();
  Object.defineProperty(video, 'currentTime', { configurable: true, get: () => seconds, set: () => undefined });
  fireEvent.timeUpdate(video);
}

/** Runs effects React has scheduled but not run yet (with the interval clock faked, waitFor cannot poll). */
async function flushEffects() {
  await act(async () => undefined);
}

/** Fake clocks only: intervals and Date. Promises and setTimeout stay real, so findBy* still works. */
function fakeClock(now: string) {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date(now));
}

afterEach(() => {
  clearPublicCache();
  vi.useRealTimers();
});

describe('<Webinar> basic states', () => {
  it("says 'Вебинар не указан' without a slug and asks nothing", () => {
    const fetch = mockFetch([() => json(LIVE)]);
    render(<Webinar apiBase={API} />);
    expect(screen.getByRole('status').textContent).toBe('Вебинар не указан');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows loading while the webinar is on its way', () => {
    mockFetch([() => new Promise<Response>(() => undefined)]);
    render(<Webinar slug={SLUG} apiBase={API} />);
    expect(screen.getByRole('status').textContent).toContain('Загрузка...');
  });

  it("says 'Вебинар не найден' on 404 and emits ch-error", async () => {
    mockFetch([() => json({ code: 'WEBINAR_NOT_FOUND', message: 'Вебинар не найден' }, 404)]);
    const emit = vi.fn();
    render(<Webinar slug="nope" apiBase={API} emit={emit} />);
    expect((await screen.findByRole('heading', { level: 2, name: 'Вебинар не найден' })).closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText('Проверьте ссылку: возможно, в адресе опечатка или вебинар удалён.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-error', { code: 'WEBINAR_NOT_FOUND', message: 'Вебинар не найден', status: 404 }));
  });

  it('shows other failures with a retry that asks again, and emits ch-error', async () => {
    const fetch = mockFetch([() => json({ code: 'INTERNAL', message: 'boom' }, 500), () => json({ ...LIVE, status: 'ended' })]);
    const emit = vi.fn();
    render(<Webinar slug={SLUG} apiBase={API} emit={emit} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Что-то пошло не так на сервере');
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-error', expect.objectContaining({ code: 'INTERNAL', status: 500 })));

    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Вебинар завершён')).toBeTruthy();
    expect(calls(fetch, WEBINAR_URL)).toBe(2);
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-ready', { status: 'ended' }));
  });

  it("shows 'Вебинар завершён' with the title and description", async () => {
    const fetch = mockFetch([() => json({ ...LIVE, status: 'ended' })]);
    const emit = vi.fn();
    render(<Webinar slug={SLUG} apiBase={API} emit={emit} />);
    expect(await screen.findByText('Вебинар завершён')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Как запустить онлайн-курс за 30 дней');
    expect(screen.getByText('Пошаговый план: от идеи до первых продаж.')).toBeTruthy();
    expect(document.querySelector('video')).toBeNull();
    expect(calls(fetch, CHAT_URL)).toBe(0);
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-ready', { status: 'ended' }));
  });

  it('loads another webinar when the slug changes', async () => {
    const fetch = mockFetch([() => json({ ...LIVE, status: 'ended' }), () => json({ ...LIVE, status: 'ended', title: 'Второй вебинар' })]);
    const { rerender } = render(<Webinar slug={SLUG} apiBase={API} />);
    await screen.findByText('Как запустить онлайн-курс за 30 дней');
    rerender(<Webinar slug="vtoroy" apiBase={API} />);
    expect(await screen.findByText('Второй вебинар')).toBeTruthy();
    expect(String(fetch.mock.calls.at(-1)![0])).toBe(`${API}/api/public/webinar/vtoroy/`);
  });

  it('shows an unknown status as an error rather than a blank widget', async () => {
    mockFetch([() => json({ status: 'archived' })]);
    render(<Webinar slug={SLUG} apiBase={API} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Произошла непредвиденная ошибка');
  });
});

describe('<Webinar> countdown', () => {
  const COUNTDOWN: WebinarCountdown = {
    status: 'countdown',
    message: 'Вебинар начнётся через',
    countdown_to_utc_iso: '2025-03-02T11:01:05Z',
    webinar_title: 'Как запустить онлайн-курс за 30 дней',
    description: 'Бесплатный эфир для авторов курсов.',
  };

  const units = () =>
    Array.from(document.querySelectorAll('.unit')).map((li) => `${li.querySelector('.value')!.textContent} ${li.querySelector('.unit-name')!.textContent}`);

  it('ticks every second in days, hours, minutes and seconds with Russian plurals', async () => {
    fakeClock('2025-03-01T10:00:00Z');
    const emit = vi.fn();
    mockFetch([() => json(COUNTDOWN)]);
    render(<Webinar slug={SLUG} apiBase={API} emit={emit} />);

    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Как запустить онлайн-курс за 30 дней');
    expect(screen.getByText('Бесплатный эфир для авторов курсов.')).toBeTruthy();
    expect(screen.getByRole('timer', { name: 'Вебинар начнётся через' })).toBeTruthy();
    expect(document.querySelector('[part="countdown"]')).toBeTruthy();
    expect(units()).toEqual(['1 день', '01 час', '01 минута', '05 секунд']);
    expect(screen.getByText(/^Начало: /).textContent).toContain('2 марта 2025');
    await flushEffects();
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-ready', { status: 'countdown' }));

    act(() => vi.advanceTimersByTime(1000));
    expect(units()).toEqual(['1 день', '01 час', '01 минута', '04 секунды']);
    act(() => vi.advanceTimersByTime(3000));
    expect(units()).toEqual(['1 день', '01 час', '01 минута', '01 секунда']);
    act(() => vi.advanceTimersByTime(62_000));
    expect(units()).toEqual(['1 день', '00 часов', '59 минут', '59 секунд']);
  });

  it("uses 'До начала вебинара' when the server sends no message", async () => {
    fakeClock('2025-03-01T10:00:00Z');
    mockFetch([() => json({ ...COUNTDOWN, message: '', countdown_to_utc_iso: '2025-03-06T12:02:03Z' })]);
    render(<Webinar slug={SLUG} apiBase={API} />);
    expect(await screen.findByText('До начала вебинара')).toBeTruthy();
    expect(units()).toEqual(['5 дней', '02 часа', '02 минуты', '03 секунды']);
  });

  it('reloads the webinar at zero and shows it live', async () => {
    fakeClock('2025-03-02T11:01:02Z');
    const emit = vi.fn();
    const fetch = mockFetch([() => json(COUNTDOWN), () => json(LIVE)]);
    render(<Webinar slug={SLUG} apiBase={API} emit={emit} />);
    await screen.findByRole('timer');
    expect(units()).toEqual(['0 дней', '00 часов', '00 минут', '03 секунды']);
    // The ticking interval starts in an effect, which may run just after the timer is drawn.
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));

    act(() => vi.advanceTimersByTime(2000));
    expect(calls(fetch, WEBINAR_URL)).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(calls(fetch, WEBINAR_URL)).toBe(2);
    expect(await screen.findByText('В эфире')).toBeTruthy();
    expect(document.querySelector('video')).toBeTruthy();
    await flushEffects();
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-ready', { status: 'countdown' }));
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-ready', { status: 'live' }));
  });

  it('asks again only every few seconds while the server still counts down past the start', async () => {
    fakeClock('2025-03-02T11:01:10Z');
    const fetch = mockFetch([() => json(COUNTDOWN), () => json(COUNTDOWN), () => json({ ...LIVE, status: 'ended' })]);
    render(<Webinar slug={SLUG} apiBase={API} />);
    expect(await screen.findByText('Вебинар вот-вот начнётся…')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    // The ticking interval starts in an effect, which may run just after the text is drawn.
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));

    act(() => vi.advanceTimersByTime(RECHECK_MS - 1000));
    expect(calls(fetch, WEBINAR_URL)).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(calls(fetch, WEBINAR_URL)).toBe(2));
    await screen.findByText('Вебинар вот-вот начнётся…');
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));
    act(() => vi.advanceTimersByTime(RECHECK_MS));
    expect(await screen.findByText('Вебинар завершён')).toBeTruthy();
    expect(calls(fetch, WEBINAR_URL)).toBe(3);
  });

  it('stops ticking when it is removed', async () => {
    fakeClock('2025-03-01T10:00:00Z');
    mockFetch([() => json(COUNTDOWN)]);
    const { unmount } = render(<Webinar slug={SLUG} apiBase={API} />);
    await screen.findByRole('timer');
    // The interval starts in an effect, which may run just after the timer is first drawn.
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('<Webinar> live', () => {
  it('plays the uploaded video from the join offset, with the platform origin in front of a relative path', async () => {
    const emit = vi.fn();
    mockFetch([() => json(LIVE)]);
    render(<Webinar slug={SLUG} apiBase={API} emit={emit} />);

    expect(await screen.findByText('В эфире')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Как запустить онлайн-курс за 30 дней');
    expect(screen.getByText('Школа цифровых профессий')).toBeTruthy();
    const video = videoElement();
    expect(video.getAttribute('src')).toBe(`${API}/demo/webinar.mp4`);
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.getAttribute('part')).toBe('video');
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-ready', { status: 'live' }));

    let position = 0;
    Object.defineProperty(video, 'currentTime', {
      configurable: true,
      get: () => position,
      set: (value: number) => {
        position = value;
      },
    });
    fireEvent(video, new Event('loadedmetadata'));
    expect(position).toBe(60);
  });

  it('keeps an absolute video address as it is', async () => {
    mockFetch([() => json({ ...LIVE, uploaded_video_url: 'https://cdn.example/v/42.mp4', has_chat: false })]);
    render(<Webinar slug={SLUG} apiBase={API} />);
    await screen.findByText('В эфире');
    expect(videoElement().getAttribute('src')).toBe('https://cdn.example/v/42.mp4');
  });

  it('replays the chat in time with the video', async () => {
    const fetch = mockFetch([() => json(LIVE)]);
    render(<Webinar slug={SLUG} apiBase={API} />);

    const chat = await screen.findByRole('complementary', { name: 'Чат' });
    expect(chat.getAttribute('part')).toBe('chat');
    // Before the video reports its time: what was said up to the join offset (60 s).
    await waitFor(() => expect(visibleMessages()).toEqual(['Добро пожаловать на вебинар!', 'Всем привет из Минска']));

    playTo(74.9);
    expect(visibleMessages()).toHaveLength(2);
    playTo(75);
    expect(visibleMessages()).toEqual(['Добро пожаловать на вебинар!', 'Всем привет из Минска', 'Отличный пример!']);
    playTo(125);
    // Newest at the bottom, in timeshift order.
    expect(visibleMessages()).toEqual([
      'Добро пожаловать на вебинар!',
      'Всем привет из Минска',
      'Отличный пример!',
      'А запись будет?',
      'Запись придёт на почту',
    ]);
    // Seeking back hides what has not been said yet at that point.
    playTo(10);
    expect(visibleMessages()).toEqual(['Добро пожаловать на вебинар!']);
    playTo(1);
    expect(visibleMessages()).toEqual([]);
    expect(screen.getByText('Сообщений пока нет')).toBeTruthy();

    // Loaded once, however many time updates came.
    expect(calls(fetch, CHAT_URL)).toBe(1);
  });

  it('styles moderators and admins apart from viewers', async () => {
    mockFetch([() => json({ ...LIVE, video_start_offset_seconds: 200 })]);
    render(<Webinar slug={SLUG} apiBase={API} />);
    await waitFor(() => expect(visibleMessages()).toHaveLength(5));
    const items = screen.getAllByRole('listitem').filter((li) => li.getAttribute('part') === 'message');
    const byAuthor = (name: string) => items.find((li) => li.querySelector('.author')!.textContent === name)!;
    expect(byAuthor('Модератор Ольга').className).toContain('staff');
    expect(byAuthor('Модератор Ольга').querySelector('.role')!.textContent).toBe('модератор');
    expect(byAuthor('Администратор').className).toContain('staff');
    expect(byAuthor('Администратор').querySelector('.role')!.textContent).toBe('администратор');
    expect(byAuthor('Ирина').className).not.toContain('staff');
    expect(byAuthor('Ирина').querySelector('.role')).toBeNull();
  });

  it('keeps the newest message in view', async () => {
    mockFetch([() => json(LIVE)]);
    render(<Webinar slug={SLUG} apiBase={API} />);
    await waitFor(() => expect(visibleMessages()).toHaveLength(2));
    const log = screen.getByRole('list', { name: 'Чат' });
    Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => 480 });
    playTo(80);
    expect(log.scrollTop).toBe(480);
  });

  it('leaves the chat where the reader scrolled to', async () => {
    mockFetch([() => json(LIVE)]);
    render(<Webinar slug={SLUG} apiBase={API} />);
    await waitFor(() => expect(visibleMessages()).toHaveLength(2));
    const log = screen.getByRole('list', { name: 'Чат' });
    Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => 480 });
    Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => 200 });
    log.scrollTop = 20;
    fireEvent.scroll(log);
    playTo(80);
    expect(log.scrollTop).toBe(20);
  });

  it("keeps the chat read-only with 'Чат только для чтения'", async () => {
    mockFetch([() => json(LIVE)]);
    render(<Webinar slug={SLUG} apiBase={API} />);
    const input = await screen.findByLabelText('Сообщение');
    expect((input as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Отправить' }) as HTMLButtonElement).disabled).toBe(true);
    const note = screen.getByText('Чат только для чтения');
    expect(input.getAttribute('aria-describedby')).toBe(note.id);
  });

  it('does not pretend to send even when the chat is enabled', async () => {
    const fetch = mockFetch([() => json({ ...LIVE, chat_enabled: true })]);
    render(<Webinar slug={SLUG} apiBase={API} />);
    const input = (await screen.findByLabelText('Сообщение')) as HTMLInputElement;
    expect(input.disabled).toBe(true);
    expect(screen.getByText('Чат только для чтения')).toBeTruthy();
    fireEvent.submit(input.form!);
    expect(fetch.mock.calls.every(([url]) => !String(url).includes('send'))).toBe(true);
  });

  it('shows no chat when the webinar has none', async () => {
    const fetch = mockFetch([() => json({ ...LIVE, has_chat: false })]);
    render(<Webinar slug={SLUG} apiBase={API} />);
    await screen.findByText('В эфире');
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(calls(fetch, CHAT_URL)).toBe(0);
  });

  it('shows a chat that failed to load with a retry, and emits ch-error', async () => {
    let chatCalls = 0;
    const emit = vi.fn();
    mockFetch([() => json(LIVE)], () => (++chatCalls === 1 ? json({ code: 'INTERNAL', message: 'x' }, 503) : json({ all_scripted_messages: MESSAGES })));
    render(<Webinar slug={SLUG} apiBase={API} emit={emit} />);
    const chat = await screen.findByRole('complementary', { name: 'Чат' });
    expect((await within(chat).findByRole('alert')).textContent).toContain('Не удалось загрузить чат');
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-error', expect.objectContaining({ code: 'INTERNAL', status: 503 })));
    // The video still plays.
    expect(document.querySelector('video')).toBeTruthy();

    fireEvent.click(within(chat).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(visibleMessages()).toHaveLength(2));
    expect(chatCalls).toBe(2);
  });

  it('falls back to the wall clock when the video cannot play', async () => {
    fakeClock('2025-03-01T10:01:00Z');
    mockFetch([() => json(LIVE)]);
    render(<Webinar slug={SLUG} apiBase={API} />);
    await waitFor(() => expect(visibleMessages()).toHaveLength(2));

    fireEvent.error(videoElement());
    expect(screen.getByText('Видео недоступно').getAttribute('part')).toBe('video');
    expect(document.querySelector('video')).toBeNull();

    // 60 s offset + 14 s on the clock: not yet at 75 s.
    act(() => vi.advanceTimersByTime(14_000));
    expect(visibleMessages()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1000));
    expect(visibleMessages()).toHaveLength(3);
    act(() => vi.advanceTimersByTime(60_000));
    expect(visibleMessages()).toHaveLength(5);
  });

  it('follows the wall clock when there is no video file', async () => {
    fakeClock('2025-03-01T10:01:00Z');
    mockFetch([() => json({ ...LIVE, uploaded_video_url: null, video_start_offset_seconds: 0 })]);
    render(<Webinar slug={SLUG} apiBase={API} />);
    expect(await screen.findByText('Видео недоступно')).toBeTruthy();
    expect((await screen.findByRole('list', { name: 'Чат' })).textContent).toBe('Сообщений пока нет');
    expect(visibleMessages()).toEqual([]);
    // The wall clock starts in an effect, which may run just after the chat is drawn.
    await flushEffects();
    act(() => vi.advanceTimersByTime(5000));
    expect(visibleMessages()).toEqual(['Добро пожаловать на вебинар!']);
  });

  it('embeds a YouTube video from the offset and replays the chat by the clock', async () => {
    // happy-dom would otherwise fetch the embed page from the internet.
    const { navigation } = (window as unknown as { happyDOM: { settings: { navigation: { disableChildFrameNavigation: boolean } } } }).happyDOM.settings;
    const before = navigation.disableChildFrameNavigation;
    navigation.disableChildFrameNavigation = true;
    onTestFinished(() => {
      navigation.disableChildFrameNavigation = before;
    });
    fakeClock('2025-03-01T10:02:00Z');
    mockFetch([() => json({ ...LIVE, video_type: 'youtube', youtube_video_id: 'dQw4w9WgXcQ', uploaded_video_url: null, video_start_offset_seconds: 120.7 })]);
    render(<Webinar slug={SLUG} apiBase={API} />);
    const frame = (await screen.findByTitle('Как запустить онлайн-курс за 30 дней')) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=120');
    expect(frame.getAttribute('part')).toBe('video');
    expect(document.querySelector('video')).toBeNull();
    await waitFor(() => expect(visibleMessages()).toHaveLength(5));
  });
});
