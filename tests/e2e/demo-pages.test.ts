// The widgets on the demo pages, in Chromium, against the running product: a school owner's site
// on another origin, a marketing page, two instances with the script twice, and a strict CSP.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchProblems, WAIT } from './browser.ts';

const demo = inject('demo');
const platform = inject('platform');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function open(path: string, options: { width?: number } = {}): Promise<{ page: Page; problems: string[]; requests: string[] }> {
  const page = await browser.newPage({ viewport: { width: options.width ?? 1280, height: 900 } });
  const problems = watchProblems(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`${demo}/${path}`);
  return { page, problems, requests };
}

const events = (page: Page) => page.locator('#events li').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.event));

describe('the school site on another origin', () => {
  it('shows the demo school\'s catalogue, landing, webinars and certificate, with events and no errors', async () => {
    const { page, problems } = await open('school-site.html');
    const catalog = page.locator('ch-course-catalog');
    await expect.poll(() => catalog.locator('text=Python с нуля').count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => page.locator('ch-course-landing').locator('text=Python с нуля').count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => page.locator('ch-certificate').locator('text=Сертификат').count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => page.locator('ch-webinar[slug="demo-soon"]').textContent().then(() => page.locator('ch-webinar[slug="demo-soon"]').locator('[part~="countdown"]').count()), WAIT).toBeGreaterThan(0);
    await expect.poll(() => events(page), WAIT).toEqual(expect.arrayContaining(['ch-ready', 'ch-certificate-load']));
    // The widgets came from the platform, not from the demo origin.
    expect(new URL(platform).port).not.toBe(new URL(demo).port);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('applies the host page\'s theme through --ch-* properties', async () => {
    const { page } = await open('school-site.html');
    const button = page.locator('ch-course-catalog').locator('.ch-button').first();
    await button.waitFor(WAIT);
    // .themed sets --ch-accent: #0b7a5b on the catalogue.
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(11, 122, 91)');
    await page.close();
  });

  it('fires ch-course-select when a course is chosen and opens its preview', async () => {
    const { page, problems } = await open('school-site.html');
    const catalog = page.locator('ch-course-catalog');
    await catalog.locator('button', { hasText: 'Подробнее' }).first().click(WAIT);
    await expect.poll(() => events(page)).toContain('ch-course-select');
    await expect.poll(() => catalog.locator('form').count(), WAIT).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the marketing page', () => {
  it('shows the platform\'s plans with the yearly toggle', async () => {
    const { page, problems } = await open('marketing.html');
    const tariffs = page.locator('ch-tariffs');
    await expect.poll(() => tariffs.locator('text=Junior').count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => tariffs.locator('text=Экономия 20%').count()).toBeGreaterThan(0);
    await expect.poll(() => tariffs.locator('text=ХИТ').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('two instances and the script twice', () => {
  it('renders both catalogues from one shared request', async () => {
    const { page, problems, requests } = await open('two-instances.html');
    for (const id of ['#first', '#second']) {
      await expect.poll(() => page.locator(id).locator('text=Python с нуля').count(), WAIT).toBeGreaterThan(0);
    }
    expect(requests.filter((url) => url.includes('/api/course_catalog/?'))).toHaveLength(1);
    expect(requests.filter((url) => url.endsWith('/widgets/course-catalog.js'))).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('a page with a strict Content-Security-Policy', () => {
  it('runs every widget on it without violations', async () => {
    const { page, problems } = await open('strict-csp.html');
    await expect.poll(() => page.locator('ch-tariffs').locator('text=Junior').count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => page.locator('ch-course-catalog').locator('text=Python с нуля').count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => page.locator('ch-certificate').locator('text=Сертификат').count(), WAIT).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the tariffs on a phone', () => {
  it('become a one-card carousel at 390 px', async () => {
    const { page } = await open('marketing.html', { width: 390 });
    const cards = page.locator('ch-tariffs').locator('[part~="card"]');
    await cards.first().waitFor(WAIT);
    const widths = await cards.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().width));
    const row = await page.locator('ch-tariffs').locator('[part~="cards"]').evaluate((el) => el.getBoundingClientRect().width);
    expect(widths[0]).toBeGreaterThan(row * 0.8);
    await page.close();
  });
});

describe('course descriptions in the catalogue widget', () => {
  const TAGS = /<\/?(?:p|strong|em|ul|li|script)\b/;

  it('shows the cards\' descriptions as text and the preview\'s as formatted text, never their tags', async () => {
    const { page, problems } = await open('school-site.html');
    const catalog = page.locator('ch-course-catalog');
    const card = catalog.locator('li.card', { hasText: 'Python с нуля' });
    await expect
      .poll(() => card.locator('.card-description').textContent(), WAIT)
      .toBe('Основы программирования на Python: переменные, условия, циклы, функции и первые проекты.');
    expect(await catalog.getByText(TAGS).count()).toBe(0);
    await card.getByRole('button', { name: 'Подробнее' }).click();
    await expect.poll(() => catalog.locator('.preview-description strong').textContent(), WAIT).toBe('Python');
    expect(await catalog.getByText(TAGS).count()).toBe(0);
    expect(await page.locator('ch-course-landing').getByText(TAGS).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
