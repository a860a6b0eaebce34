// Issue 11 in Chromium against the built product: the demo admin builds a course of their own (a
// unique name, so reruns on the same data stay green), uploads a video into a lesson and previews
// the lesson as a student.
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchProblems, WAIT } from './browser.ts';

const platform = inject('platform');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const outlineNames = (page: Page) => page.locator('.lesson-open').allTextContents();

async function addLesson(page: Page, opener: string, type: 'Урок' | 'Тест' | 'Домашнее задание', name: string) {
  await page.getByRole('button', { name: opener }).first().click();
  await page.getByLabel('Тип').selectOption({ label: type });
  await page.getByLabel('Название урока').fill(name);
  await page.getByRole('button', { name: 'Добавить', exact: true }).click();
  // The new lesson opens in the editor.
  await expect.poll(() => page.getByLabel('Название', { exact: true }).inputValue(), WAIT).toBe(name);
}

describe('course authoring by the demo admin', () => {
  it('creates a course, a module, a lesson with text, code and formula blocks and an uploaded video, a test with two question types and a homework, reorders them and previews the lesson', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${platform}/login`);
    await page.getByLabel('Email или телефон').fill('admin@coursehub.ru');
    await page.getByLabel('Пароль').fill('coursehub-demo');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL(`${platform}/school/Coursehub/courses`, WAIT);

    // The course: created from the list, opened in its constructor.
    const name = `Курс e2e ${Date.now()}`;
    await page.getByRole('button', { name: 'Создать курс' }).first().click();
    await page.getByRole('dialog', { name: 'Новый курс' }).getByLabel('Название').fill(name);
    await page.getByRole('button', { name: 'Создать', exact: true }).click();
    await page.waitForURL(/\/school\/Coursehub\/courses\/create-course\/\d+\/constructor$/, WAIT);
    await page.getByRole('heading', { level: 1, name }).waitFor();

    // A module, named in place.
    await page.getByRole('button', { name: '+ Добавить модуль' }).click();
    await page.getByLabel('Название модуля').fill('Основы');
    await page.getByLabel('Название модуля').press('Enter');
    await page.getByRole('heading', { level: 3, name: 'Основы' }).waitFor();

    // A lesson with a text block (Tiptap), a code block and a formula block.
    await addLesson(page, '+ Добавить урок', 'Урок', 'Введение');
    await page.getByRole('button', { name: '+ Текст' }).click();
    const text = page.getByRole('textbox', { name: 'Текст', exact: true });
    await text.click(WAIT);
    await page.keyboard.type('Привет, ');
    await page.getByRole('button', { name: 'Жирный' }).click();
    await page.keyboard.type('мир');
    await page.getByRole('button', { name: '+ Код' }).click();
    const textBlock = page.locator('.block-item').nth(0);
    await expect.poll(() => textBlock.locator('.save-status').textContent(), WAIT).toBe('Сохранено');

    await page.getByLabel('Язык').selectOption('python');
    await page.getByLabel('Код', { exact: true }).fill('print("Привет")');
    await page.getByRole('button', { name: '+ Формула' }).click();
    const codeBlock = page.locator('.block-item').nth(1);
    await expect.poll(() => codeBlock.locator('.code-html').textContent(), WAIT).toContain('print("Привет")');

    await page.getByLabel('Формула (TeX)').fill('x^2 + 1');
    await page.getByLabel('Формула (TeX)').blur();
    await page.locator('.block-item').nth(2).locator('.formula-block math').waitFor(WAIT);

    // A video block with an uploaded video (tus): each PATCH is held back a little, so the
    // progress bar is seen on this fast loopback; then the block shows the video by its signed link.
    await page.route('**/video/Coursehub/uploads/**', async (route) => {
      if (route.request().method() === 'PATCH') await new Promise((done) => setTimeout(done, 1500));
      await route.continue();
    });
    await page.getByRole('button', { name: '+ Видео' }).click();
    const videoBlock = page.locator('.block-item').nth(3);
    await videoBlock.getByLabel('Загрузить видео').setInputFiles(fileURLToPath(new URL('../../assets/demo/webinar.webm', import.meta.url)));
    await videoBlock.getByRole('progressbar', { name: 'Загрузка видео «webinar.webm»' }).waitFor(WAIT);
    await videoBlock.getByText('Видео загружено.').waitFor(WAIT);
    await expect.poll(() => videoBlock.locator('video').getAttribute('src'), WAIT).toMatch(/\/api\/files\/\d+\/webinar\.webm\?t=/);
    await expect.poll(() => videoBlock.locator('.save-status').textContent(), WAIT).toBe('Сохранено');
    await page.unroute('**/video/Coursehub/uploads/**');

    // A test after the lesson (spec §4: order 2), with its settings; a homework at the module's end.
    await addLesson(page, 'Добавить после «Введение»', 'Тест', 'Проверка');
    await page.getByLabel('Процент правильных ответов для зачёта').fill('80');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Изменения сохранены.').waitFor(WAIT);
    // Two questions of two types, each with an answer (saved as they are added).
    await page.getByRole('button', { name: '+ Один ответ' }).click();
    const single = page.getByRole('listitem', { name: 'Вопрос 1. Один ответ' });
    await single.getByRole('button', { name: '+ Добавить ответ' }).click();
    await single.getByRole('listitem', { name: 'Ответ 1' }).waitFor(WAIT);
    await page.getByRole('button', { name: '+ Число' }).click();
    const number = page.getByRole('listitem', { name: 'Вопрос 2. Число' });
    await number.getByRole('button', { name: '+ Добавить ответ' }).click();
    await number.getByRole('listitem', { name: 'Ответ 1' }).waitFor(WAIT);
    await addLesson(page, '+ Добавить урок', 'Домашнее задание', 'Эссе');
    await page.getByLabel('Принимать автоматически').waitFor();
    await expect.poll(() => outlineNames(page)).toEqual(['Введение', 'Проверка', 'Эссе']);

    // Reordering: the homework up by keyboard drag and drop (dnd-kit under preact/compat), the test
    // back up with its button; the server keeps the order, as a reload shows.
    await page.getByRole('button', { name: 'Перетащить «Эссе»' }).focus();
    // Each step waits for dnd-kit's announcement, as a person would hear it before the next key.
    await page.keyboard.press('Space');
    await page.getByText('Взят элемент «Эссе».').waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowUp');
    await page.getByText('«Эссе» над «Проверка».').waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await expect.poll(() => outlineNames(page)).toEqual(['Введение', 'Эссе', 'Проверка']);
    await page.getByRole('button', { name: 'Переместить «Проверка» вверх' }).click();
    await expect.poll(() => outlineNames(page)).toEqual(['Введение', 'Проверка', 'Эссе']);
    await page.getByRole('button', { name: 'Переместить «Введение» вниз' }).click();
    await expect.poll(() => outlineNames(page)).toEqual(['Проверка', 'Введение', 'Эссе']);
    await page.waitForLoadState('networkidle');
    await page.reload();
    await expect.poll(() => outlineNames(page), WAIT).toEqual(['Проверка', 'Введение', 'Эссе']);

    // The lesson as a student sees it: the server's sanitised text, highlighted code and MathML.
    await page.getByRole('button', { name: 'Введение', exact: true }).click();
    await page.getByRole('button', { name: 'Просмотр как ученик' }).click(WAIT);
    const preview = page.getByRole('article');
    await preview.getByRole('heading', { name: 'Введение' }).waitFor();
    expect(await preview.locator('.rich-text-view').innerHTML()).toBe('<p>Привет, <strong>мир</strong></p>');
    expect(await preview.locator('.code-html').textContent()).toContain('print("Привет")');
    expect(await preview.locator('.formula-block math').count()).toBe(1);
    expect(await preview.locator('video').getAttribute('src')).toContain('/api/files/');

    expect(problems).toEqual([]);
    await context.close();
  });
});
