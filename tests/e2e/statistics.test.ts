// Issue 13 item 2 in Chromium against the built product: the demo admin's statistics. From
// «Статистика» they open the students of «Английский для IT» (the demo seed's review group: five
// students, demo-homework.ts), sort them by name, and export them to XLSX; the file the browser
// downloads is read with exceljs: the header row is the table's columns, the rows the five
// students in the order the table shows. Nothing here writes: other browser tests may use these
// students' hand-ins.
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { STUDENTS_TABLE_COLUMNS, studentsTableColumnTitle } from '#core';
import { launchBrowser, watchProblems, WAIT } from './browser.ts';

const platform = inject('platform');
const COURSE = 'Английский для IT';
/** The group's students by first name (the order «Имя» sorts them in). */
const STUDENTS = ['Дмитрий Попов', 'Екатерина Соколова', 'Игорь Смирнов', 'Мария Иванова', 'Ольга Кузнецова'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const names = (page: Page) => page.getByRole('table', { name: 'Статистика учеников' }).locator('tbody th');

describe("the demo admin's statistics (issue 13)", () => {
  it("opens a course's students from «Статистика», sorts them and exports them to XLSX", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const problems = watchProblems(page);

    await page.goto(`${platform}/login`);
    await page.getByLabel('Email или телефон').fill('admin@coursehub.ru');
    await page.getByLabel('Пароль').fill('coursehub-demo');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL(`${platform}/school/Coursehub/courses`, WAIT);
    await page.locator('.school-menu a', { hasText: 'Статистика' }).click();
    await page.waitForURL(`${platform}/school/Coursehub/courses-stats`, WAIT);
    await heading(page, 'Статистика').waitFor(WAIT);

    // The course's row opens its students: the course's name, the way back, the table.
    await page.getByRole('link', { name: `Ученики курса «${COURSE}»` }).click();
    await page.waitForURL(/\/school\/Coursehub\/courses-stats\/\d+\/students$/, WAIT);
    await heading(page, COURSE).waitFor(WAIT);
    expect(await page.getByRole('link', { name: 'К статистике курсов' }).getAttribute('href')).toBe('/school/Coursehub/courses-stats');
    await page.getByText('Найдено учеников: 5').waitFor(WAIT);
    await expect.poll(async () => (await names(page).allTextContents()).sort(), WAIT).toEqual(STUDENTS);

    // «Имя» sorts them on the server, А→Я.
    await page.getByRole('button', { name: 'Имя', exact: true }).click();
    await expect.poll(() => page.getByRole('columnheader', { name: 'Имя' }).getAttribute('aria-sort'), WAIT).toBe('ascending');
    await expect.poll(() => names(page).allTextContents(), WAIT).toEqual(STUDENTS);

    // The export: every matching row, in the table's order, with the columns' titles.
    const [download] = await Promise.all([page.waitForEvent('download', WAIT), page.getByRole('button', { name: 'Скачать XLSX' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^students-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    // Read from the stream: the file sits beside the browser, which a test reaches over a socket.
    await workbook.xlsx.read(await download.createReadStream());
    const sheet = workbook.worksheets[0]!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    // exceljs counts cells from 1: index 0 of each row is empty.
    const [header, ...students] = rows.map((row) => row.slice(1));
    expect(header).toEqual(STUDENTS_TABLE_COLUMNS.map(studentsTableColumnTitle));
    const column = (id: (typeof STUDENTS_TABLE_COLUMNS)[number]) => students.map((row) => row[STUDENTS_TABLE_COLUMNS.indexOf(id)]);
    expect(column('name')).toEqual(STUDENTS);
    expect(column('course_name')).toEqual(STUDENTS.map(() => COURSE));
    expect(column('email').every((email) => typeof email === 'string' && /^demo-student-\d@coursehub\.ru$/.test(email))).toBe(true);
    await page.getByRole('button', { name: 'Скачать XLSX' }).waitFor(WAIT);

    expect(problems).toEqual([]);
    await context.close();
  });
});
