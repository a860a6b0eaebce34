// Issue 25 at 390 px, in Chromium against the built product: the course's «Баннер» tab and the
// constructor with a test open fit the phone's width (no sideways scroll of the page), and the
// floating «ИИ-ассистент» button covers no content: scrolled to the bottom, the page's last
// control stands clear of it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, signIn, WAIT } from './browser.ts';

const platform = inject('platform');
const PHONE = { width: 390, height: 844 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The demo course «Python с нуля» in the admin's course list. */
async function demoCourseId(page: Page): Promise<number> {
  const href = await page.getByRole('link', { name: /Python с нуля/ }).first().getAttribute('href');
  return Number(/create-course\/(\d+)/.exec(href ?? '')![1]);
}

/** The page's width against the window's, and what sticks out past the window's right edge when it is wider. */
async function overflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; wide: string[] }> {
  return page.evaluate(() => {
    // What sticks out itself, not what scrolls inside a box of its own (the menu on a phone).
    const clipped = (element: HTMLElement) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) if (getComputedStyle(box).overflowX !== 'visible') return true;
      return false;
    };
    const sticksOut = (element: Element | null): boolean => !!element && element !== document.body && element.getBoundingClientRect().right > innerWidth + 1;
    // The outermost of what sticks out: the element to fix.
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => sticksOut(element) && !sticksOut(element.parentElement) && !clipped(element))
      .slice(0, 8)
      .map((element) => `${element.parentElement?.className} > ${element.tagName.toLowerCase()}.${[...element.classList].join('.')} right=${Math.round(element.getBoundingClientRect().right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, wide };
  });
}

async function expectFits(page: Page): Promise<void> {
  const { scrollWidth, innerWidth, wide } = await overflow(page);
  expect({ scrollWidth: Math.min(scrollWidth, innerWidth), wide: scrollWidth > innerWidth ? wide : [] }).toEqual({ scrollWidth: innerWidth, wide: [] });
}

/** Whether the assistant's button overlaps the last control of the screen once scrolled to the bottom. */
async function launcherOverlap(page: Page): Promise<{ launcher: string; last: string; overlaps: boolean }> {
  return page.evaluate(async () => {
    // To the bottom, again while the screen still grows (its parts load one after another).
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let height = -1; height !== document.documentElement.scrollHeight; ) {
      height = document.documentElement.scrollHeight;
      window.scrollTo(0, height);
      await frames();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const launcher = document.querySelector<HTMLElement>('.ai-launcher')!.getBoundingClientRect();
    const controls = [...document.querySelectorAll<HTMLElement>('main a[href], main button, main input, main select, main textarea, main [tabindex="0"]')].filter(
      (element) => element.getClientRects().length > 0,
    );
    const lastElement = controls.at(-1)!;
    const last = lastElement.getBoundingClientRect();
    const overlaps = !(last.right <= launcher.left || last.left >= launcher.right || last.bottom <= launcher.top || last.top >= launcher.bottom);
    return { launcher: `${launcher.top}-${launcher.bottom}`, last: `${lastElement.tagName} «${lastElement.textContent?.trim().slice(0, 30)}» ${last.top}-${last.bottom}`, overlaps };
  });
}

describe('at 390 px', () => {
  it('fits the course banner tab and the constructor with a test open to the screen, the assistant button over nothing', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signIn(page, platform, 'admin@coursehub.ru', '/school/Coursehub/courses');
    const courseId = await demoCourseId(page);

    await page.goto(`${platform}/school/Coursehub/courses/create-course/${courseId}/banner`);
    await page.getByRole('heading', { level: 1 }).first().waitFor(WAIT);
    await page.locator('.course-banner, form').first().waitFor(WAIT);
    await expectFits(page);
    {
      const clear = await launcherOverlap(page);
      expect(clear.overlaps, `${clear.last} under the button at ${clear.launcher}`).toBe(false);
    }

    await page.goto(`${platform}/school/Coursehub/courses/create-course/${courseId}/constructor`);
    await page.locator('button.lesson-open', { hasText: 'Проверим основы' }).first().click(WAIT);
    await page.getByLabel('Процент правильных ответов для зачёта').waitFor(WAIT);
    await page.locator('.question-editor, [aria-label^="Вопрос 1"]').first().waitFor(WAIT);
    await expectFits(page);
    {
      const clear = await launcherOverlap(page);
      expect(clear.overlaps, `${clear.last} under the button at ${clear.launcher}`).toBe(false);
    }
    await context.close();
  }, 90_000);
});
