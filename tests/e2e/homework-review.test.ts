// Issue 13 item 1 in Chromium against the built product: the demo teacher checks homework. From
// «Домашние задания» they filter the queue by status, open a demo student's hand-in of «Английский
// для IT» (the demo seed's review queue: demo-homework.ts), send it back for revision with a
// comment, then accept it with a mark, and the queue shows its new status and mark. The hand-in
// used is Мария Иванова's, waiting and left alone by every other browser test.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchProblems, WAIT } from './browser.ts';

const platform = inject('platform');
const HOMEWORK = 'Напишите письмо коллеге';
const STUDENT = 'Мария Иванова';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const queueRows = (page: Page) => page.getByRole('table', { name: 'Домашние задания учеников' }).locator('tbody tr');
const rowOf = (page: Page, student: string) => queueRows(page).filter({ has: page.getByRole('link', { name: `Открыть работу: ${student}, «${HOMEWORK}»` }) });

/** Sends the review form with a decision, a comment and a mark, and waits for the thread to show the comment. */
async function review(page: Page, decision: string, comment: string, mark?: string) {
  const form = page.getByRole('region', { name: 'Проверка' });
  await form.getByLabel('Комментарий').fill(comment);
  await form.getByLabel('Решение').selectOption({ label: decision });
  if (mark !== undefined) await form.getByLabel('Оценка').fill(mark);
  await form.getByRole('button', { name: 'Отправить проверку' }).click();
  await page.getByRole('region', { name: 'История проверки' }).getByText(comment).waitFor(WAIT);
}

describe("the demo teacher's homework review (issue 13)", () => {
  it('filters the queue, opens a hand-in, sends it back for revision, then accepts it with a mark', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);

    await page.goto(`${platform}/login`);
    await page.getByLabel('Email или телефон').fill('teacher@coursehub.ru');
    await page.getByLabel('Пароль').fill('coursehub-demo');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL(`${platform}/school/Coursehub/courses`, WAIT);
    await page.locator('.school-menu a', { hasText: 'Домашние задания' }).click();
    await page.waitForURL(`${platform}/school/Coursehub/home-work`, WAIT);
    await heading(page, 'Домашние задания').waitFor(WAIT);

    // Every status at first ('Все статусы'), then only the works waiting for a check.
    await rowOf(page, 'Екатерина Соколова').waitFor(WAIT);
    expect(await page.getByLabel('Статус').inputValue()).toBe('Все статусы');
    await page.getByLabel('Статус').selectOption({ label: 'Ждет проверки' });
    await rowOf(page, 'Екатерина Соколова').waitFor({ state: 'detached', ...WAIT });
    const waiting = rowOf(page, STUDENT);
    await waiting.waitFor(WAIT);
    await expect.poll(async () => (await queueRows(page).locator('.homework-badge').allTextContents()).every((label) => label === 'Ждет проверки'), WAIT).toBe(true);
    expect(await waiting.textContent()).toContain('Английский для IT');

    // A click on the row opens the hand-in: the task, the student's letter, the form.
    await waiting.getByRole('cell', { name: HOMEWORK }).click();
    await page.waitForURL(/\/school\/Coursehub\/home-work\/\d+\/\d+\/\d+$/, WAIT);
    await heading(page, HOMEWORK).waitFor(WAIT);
    // The task the students answered (the demo seed's), not «В уроке пока нет содержимого.».
    await page.getByRole('region', { name: 'Задание' }).getByText('деловое письмо на английском', { exact: false }).waitFor(WAIT);
    const thread = page.getByRole('region', { name: 'История проверки' });
    await thread.getByText('could you review my pull request today?').waitFor(WAIT);

    // The form says what is missing before anything is sent.
    await page.getByRole('button', { name: 'Отправить проверку' }).click();
    await page.getByText('Выберите решение.').waitFor(WAIT);

    // Back for revision with a comment: the thread and the status say so, the form is there again.
    await review(page, 'На доработку', 'Добавьте, к какому сроку нужен ответ.');
    await expect.poll(() => thread.locator('.homework-status .homework-badge').textContent(), WAIT).toBe('На доработке');
    expect(await page.getByRole('region', { name: 'Проверка' }).getByLabel('Решение').inputValue()).toBe('');

    // Then accepted with a mark: the thread is closed.
    await review(page, 'Принять', 'Хорошее деловое письмо.', '5');
    await page.getByText('Работа принята: переписка по ней закрыта.').waitFor(WAIT);
    await page.getByRole('region', { name: 'Проверка' }).waitFor({ state: 'detached', ...WAIT });
    expect(await thread.locator('.homework-status').textContent()).toContain('Оценка: 5');

    // The queue, its filters kept: the work no longer waits; shown among the accepted with its mark.
    await page.getByRole('link', { name: 'К списку домашних заданий' }).click();
    await heading(page, 'Домашние задания').waitFor(WAIT);
    expect(await page.getByLabel('Статус').inputValue()).toBe('pending');
    await rowOf(page, 'Игорь Смирнов').waitFor(WAIT);
    expect(await rowOf(page, STUDENT).count()).toBe(0);
    await page.getByLabel('Статус').selectOption({ label: 'Принято' });
    const accepted = rowOf(page, STUDENT);
    await accepted.waitFor(WAIT);
    expect(await accepted.locator('.homework-badge').textContent()).toBe('Принято');
    expect(await accepted.locator('td').nth(5).textContent()).toBe('5');

    expect(problems).toEqual([]);
    await context.close();
  });
});
