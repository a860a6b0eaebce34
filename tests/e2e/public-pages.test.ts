// The public pages as a newcomer finds them, in Chromium against the running product: the shared
// header and footer, each page's title in the tab, nothing wider than a phone, the mobile school
// menu's hint that it scrolls, and clear words for a course or webinar that does not exist.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchProblems, WAIT } from './browser.ts';

const platform = inject('platform');
const PHONE = { width: 390, height: 844 };
// The answer to an unknown course or webinar is a 404, which Chromium logs as a failed resource.
const NOT_FOUND_LOG = /Failed to load resource: the server responded with a status of 404/;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${platform}/login`);
  await page.getByLabel('Email или телефон').fill(email);
  await page.getByLabel('Пароль').fill('coursehub-demo');
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL(/\/school\/Coursehub\//, WAIT);
}

/** Opens a path and waits until `text` is shown (widget content too: locators pierce shadow roots). */
async function visit(page: Page, path: string, text: string): Promise<void> {
  await page.goto(`${platform}${path}`);
  await page.getByText(text, { exact: true }).first().waitFor(WAIT);
}

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** A published course of the demo catalogue, for its preview page. */
async function demoCourseId(): Promise<number> {
  const list = (await (await fetch(`${platform}/api/course_catalog/`)).json()) as { results: { course_id: number }[] };
  return list.results[0]!.course_id;
}

// Every public screen a visitor can open, with a text that says it has rendered.
const PUBLIC_PAGES: readonly (readonly [string, string])[] = [
  ['/', 'CourseHub — платформа для онлайн-школ'],
  ['/login', 'Вход'],
  ['/signup', 'Регистрация'],
  ['/create-school', 'Создание школы'],
  ['/forgot-password', 'Восстановление пароля'],
  ['/token-validate/1/no-such-token', 'Ссылка недействительна или устарела.'],
  ['/invitation/no-such-invitation', 'Приглашение в школу'],
  ['/course-catalog/', 'Python с нуля'],
  ['/course-catalog/999999/', 'Курс не найден'],
  ['/certificate/preview', 'Сертификат'],
  ['/tariff-plans-info', 'Тарифные планы для обучения CourseHub'],
  ['/tariff-plans-year', 'Тарифные планы для обучения CourseHub'],
  ['/webinar/demo-live', 'Как начать программировать на Python'],
  ['/webinar/demo-soon', 'Профессия веб-дизайнер: первые шаги'],
  ['/webinar/no-such-slug', 'Вебинар не найден'],
  ['/help', 'Центр помощи'],
  ['/help/help-domen', 'Подключение своего домена'],
  ['/access-denied', 'Доступ запрещён'],
  ['/technical-works', 'Технические работы'],
  ['/school/Coursehub/publicOfferAgreement', 'Публичная оферта'],
  ['/school/Coursehub/personalDataTreatmentPolicy', 'Политика обработки персональных данных'],
  ['/school/Coursehub/personalDataProcessing', 'Согласие на обработку персональных данных'],
  ['/school/Coursehub/cookiePolicy', 'Политика использования файлов cookie'],
  ['/school/Coursehub/cookiePolicyDisclaimer', 'Уведомление об использовании cookie'],
];

describe('the public frame', () => {
  it('gives the landing page a header to sign in or create a school, and a footer to the documents and help', async () => {
    const page = await newPage();
    const problems = watchProblems(page);
    await visit(page, '/', 'CourseHub — платформа для онлайн-школ');
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'Войти' }).getAttribute('href')).toBe('/login');
    expect(await header.getByRole('link', { name: 'Создать школу' }).getAttribute('href')).toBe('/create-school');
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Помощь' }).getAttribute('href')).toBe('/help');
    await footer.getByRole('link', { name: 'Публичная оферта' }).click();
    await page.waitForURL(`${platform}/school/Coursehub/publicOfferAgreement`);
    await page.getByRole('heading', { level: 1, name: 'Публичная оферта' }).waitFor();
    // The same frame on the document: the way back to sign in is still there.
    expect(await page.getByRole('banner').getByRole('link', { name: 'Войти' }).count()).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('the title in the tab', () => {
  it('names each page', async () => {
    const page = await newPage();
    const courseId = await demoCourseId();
    for (const [path, text, title] of [
      ['/', 'CourseHub — платформа для онлайн-школ', 'CourseHub — онлайн-школы и курсы'],
      ['/login', 'Вход', 'Вход — CourseHub'],
      ['/create-school', 'Создание школы', 'Создание школы — CourseHub'],
      ['/course-catalog/', 'Python с нуля', 'Каталог курсов — CourseHub'],
      [`/course-catalog/${courseId}/`, 'Оставить заявку', 'Каталог курсов — CourseHub'],
      ['/tariff-plans-info', 'Тарифные планы для обучения CourseHub', 'Тарифы — CourseHub'],
      ['/help', 'Центр помощи', 'Центр помощи — CourseHub'],
      ['/help/help-domen', 'Подключение своего домена', 'Подключение своего домена — CourseHub'],
      ['/school/Coursehub/cookiePolicy', 'Политика использования файлов cookie', 'Политика использования файлов cookie — CourseHub'],
    ] as const) {
      await visit(page, path, text);
      await page.waitForFunction((expected) => document.title === expected, title);
    }
    await signIn(page, 'teacher@coursehub.ru');
    for (const [path, title] of [
      ['/school/Coursehub/home-work', 'Домашние задания — CourseHub'],
      ['/school/Coursehub/profile', 'Профиль — CourseHub'],
    ] as const) {
      await page.goto(`${platform}${path}`);
      await page.waitForFunction((expected) => document.title === expected, title);
    }
    await page.context().close();
  });
});

describe('a phone, 390 px wide', () => {
  it('scrolls no public page sideways', async () => {
    const page = await newPage(PHONE);
    const courseId = await demoCourseId();
    const wide: string[] = [];
    for (const [path, text] of [...PUBLIC_PAGES, [`/course-catalog/${courseId}/`, 'Оставить заявку'] as const]) {
      await visit(page, path, text);
      const width = await scrollWidth(page);
      if (width > PHONE.width) wide.push(`${path}: ${width}px`);
    }
    expect(wide).toEqual([]);
    await page.context().close();
  });

  // Every school-area screen of each role is held to 390 px by the axe sweep (accessibility.test.ts).

  it('fades the edge of the school menu while more of it lies off-screen, and not at the end', async () => {
    const page = await newPage(PHONE);
    await signIn(page, 'admin@coursehub.ru');
    const menu = page.locator('.school-menu');
    await page.waitForFunction(() => document.querySelector('.school-menu')?.hasAttribute('data-more-after'));
    expect(await menu.evaluate((nav) => getComputedStyle(nav).maskImage)).toContain('linear-gradient');
    expect(await menu.evaluate((nav) => nav.hasAttribute('data-more-before'))).toBe(false);

    // The keyboard reaches the last section; the menu scrolls to it and the hint goes.
    await page.locator('.school-menu a').last().focus();
    await page.waitForFunction(() => !document.querySelector('.school-menu')!.hasAttribute('data-more-after'));
    expect(await menu.evaluate((nav) => nav.hasAttribute('data-more-before'))).toBe(true);
    expect(await menu.evaluate((nav) => getComputedStyle(nav).maskImage)).toMatch(/^linear-gradient\(to left/);

    await menu.evaluate((nav) => nav.scrollTo({ left: 0 }));
    await page.waitForFunction(() => !document.querySelector('.school-menu')!.hasAttribute('data-more-before'));
    expect(await menu.evaluate((nav) => nav.hasAttribute('data-more-after'))).toBe(true);
    await page.context().close();
  });
});

describe('what does not exist', () => {
  it("says 'Курс не найден' for an unknown course, with the way back to the catalogue", async () => {
    const page = await newPage();
    const problems = watchProblems(page, [NOT_FOUND_LOG]);
    await visit(page, '/course-catalog/999999/', 'Курс не найден');
    await page.waitForFunction(() => document.title === 'Курс не найден — CourseHub');
    await page.getByRole('button', { name: /Назад к каталогу/ }).click();
    await page.getByText('Python с нуля').first().waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("says 'Вебинар не найден' for an unknown webinar, with the way home", async () => {
    const page = await newPage();
    const problems = watchProblems(page, [NOT_FOUND_LOG]);
    await visit(page, '/webinar/no-such-slug', 'Вебинар не найден');
    await page.waitForFunction(() => document.title === 'Вебинар не найден — CourseHub');
    await page.getByRole('main').getByRole('link', { name: 'На главную' }).click();
    await page.waitForURL(`${platform}/`);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('course descriptions', () => {
  // The demo's Python course is described as the course form writes it: «<p>Основы … <strong>Python</strong>…</p>».
  const PYTHON_TEXT = 'Основы программирования на Python: переменные, условия, циклы, функции и первые проекты.';
  const TAGS = /<\/?(?:p|strong|em|ul|li|script)\b/;

  it('shows a catalogue card the text and the preview the formatted text, never their tags', async () => {
    const page = await newPage();
    const problems = watchProblems(page);
    await visit(page, '/course-catalog/', 'Python с нуля');
    const card = page.locator('li.card', { hasText: 'Python с нуля' });
    await expect.poll(() => card.locator('.card-description').textContent(), WAIT).toBe(PYTHON_TEXT);
    expect(await page.getByText(TAGS).count()).toBe(0);

    await card.getByRole('button', { name: 'Подробнее' }).click();
    const description = page.locator('.preview-description');
    await description.waitFor(WAIT);
    expect(await description.locator('p strong').textContent()).toBe('Python');
    expect(await description.textContent()).toBe(PYTHON_TEXT);
    expect(await page.getByText(TAGS).count()).toBe(0);

    // The preview's own address renders the same.
    await visit(page, `/course-catalog/${await demoCourseId()}/`, 'Python с нуля');
    await page.locator('.preview-description strong').waitFor(WAIT);
    expect(await page.getByText(TAGS).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
