// Issue 25 item 1 in Chromium against the built product: a homework has a task. The demo admin
// writes it in the constructor of a course of their own (text, code and a file), the demo student
// reads it above the hand-in form, and the demo teacher sees it on the hand-in's check page. The
// course, its group and the hand-in are this test's own (a unique name); the hand-in is accepted at
// the end, so the teacher's queue of waiting works is as the other browser tests expect it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, signIn, watchProblems, WAIT } from './browser.ts';

const platform = inject('platform');
const SCHOOL = `${platform}/school/Coursehub`;
/** A condition may take a few seconds on a busy machine: waits are on it, never on the clock. */
const TASK = 'Посчитайте расходы за неделю';
const CODE = 'costs = [120, 80, 45]';

let browser: Browser;
let scratch: string;
beforeAll(async () => {
  browser = await launchBrowser();
  scratch = mkdtempSync(join(tmpdir(), 'coursehub-task-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** An account's token and id, from /api/login/. */
async function login(email: string): Promise<{ token: string; id: number }> {
  const response = await fetch(`${platform}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: email, password: 'coursehub-demo' }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { access: string; user: { id: number } };
  return { token: body.access, id: body.user.id };
}

async function api<T>(token: string, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${platform}/api/Coursehub/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as T;
  expect(response.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBeLessThan(300);
  return answer;
}

const top = async (locator: Locator) => (await locator.boundingBox())!.y;

const newPage = async (): Promise<{ page: Page; problems: string[] }> => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  return { page, problems: watchProblems(page) };
};

describe('a homework’s task (issue 25)', () => {
  it('is written by the author in the constructor, read by the student above the hand-in form and seen by the teacher on the check page', async () => {
    // The author: a course, a module and a homework, its task written as blocks and a file.
    const author = await newPage();
    let page = author.page;
    await signIn(page, platform, 'admin@coursehub.ru', '/school/Coursehub/courses');
    const name = `Задание e2e ${Date.now()}`;
    await page.getByRole('button', { name: 'Создать курс' }).first().click();
    await page.getByRole('dialog', { name: 'Новый курс' }).getByLabel('Название').fill(name);
    await page.getByRole('button', { name: 'Создать', exact: true }).click();
    await page.waitForURL(/\/school\/Coursehub\/courses\/create-course\/\d+\/constructor$/, WAIT);
    const courseId = Number(/create-course\/(\d+)\//.exec(page.url())![1]);
    await page.getByRole('button', { name: '+ Добавить модуль' }).click();
    await page.getByLabel('Название модуля').fill('Практика');
    await page.getByLabel('Название модуля').press('Enter');
    await page.getByRole('heading', { level: 3, name: 'Практика' }).waitFor(WAIT);
    await page.getByRole('button', { name: '+ Добавить урок' }).first().click();
    await page.getByLabel('Тип').selectOption({ label: 'Домашнее задание' });
    await page.getByLabel('Название урока').fill('Калькулятор недели');
    await page.getByRole('button', { name: 'Добавить', exact: true }).click();
    await expect.poll(() => page.getByLabel('Название', { exact: true }).inputValue(), WAIT).toBe('Калькулятор недели');

    const task = page.getByRole('region', { name: 'Задание' });
    await task.getByText(/Задание пока пустое/).waitFor(WAIT);
    await task.getByRole('button', { name: '+ Текст' }).click();
    await task.getByRole('textbox', { name: 'Текст', exact: true }).click(WAIT);
    await page.keyboard.type(`${TASK} и пришлите программу.`);
    await task.getByRole('button', { name: '+ Код' }).click();
    await expect.poll(() => task.locator('.block-item').nth(0).locator('.save-status').textContent(), WAIT).toBe('Сохранено');
    await task.getByLabel('Код', { exact: true }).fill(CODE);
    await task.getByLabel('Код', { exact: true }).blur();
    await expect.poll(() => task.locator('.block-item').nth(1).locator('.code-html').textContent(), WAIT).toContain('costs');
    const sample = join(scratch, 'obrazec.txt');
    writeFileSync(sample, 'Понедельник: 120\nВторник: 80\n');
    const files = page.getByRole('region', { name: 'Файлы задания' });
    await files.getByLabel('Загрузить документ или аудио').setInputFiles(sample);
    await files.getByRole('link', { name: 'obrazec.txt' }).waitFor(WAIT);
    // What the student will see, before any student does.
    await page.getByRole('button', { name: 'Просмотр как ученик' }).click();
    await page.getByRole('article').getByText(TASK, { exact: false }).waitFor(WAIT);
    expect(author.problems).toEqual([]);
    await page.context().close();

    // The course goes out to a group of the demo teacher with the demo student in it.
    const admin = await login('admin@coursehub.ru');
    const teacher = await login('teacher@coursehub.ru');
    const student = await login('student@coursehub.ru');
    await api(admin.token, 'PATCH', `courses/${courseId}/`, { public: 'О' });
    await api(admin.token, 'POST', 'students_group/', { name: `${name} — группа`, course_id: courseId, teacher_id: teacher.id, students: [student.id] });
    const outline = await api<{ sections: { section_id: number; lessons: { id: number; type: string }[] }[] }>(admin.token, 'GET', `courses/${courseId}/sections/`);
    const section = outline.sections[0]!;
    const homeworkId = section.lessons[0]!.id;

    // The student reads the task above the hand-in form.
    const learner = await newPage();
    page = learner.page;
    await signIn(page, platform, 'student@coursehub.ru', '/school/Coursehub/student-courses');
    await page.goto(`${SCHOOL}/student-course/${courseId}/module/${section.section_id}/homework/${homeworkId}`);
    await page.getByRole('heading', { level: 1, name: 'Калькулятор недели' }).waitFor(WAIT);
    const taskHeading = page.getByRole('heading', { level: 2, name: 'Задание' });
    const taskText = page.getByRole('article', { name: 'Задание' });
    await taskText.getByText(TASK, { exact: false }).waitFor(WAIT);
    expect(await taskText.locator('.code-html').textContent()).toContain('costs');
    await page.getByRole('region', { name: 'Файлы задания' }).getByRole('link', { name: 'obrazec.txt' }).waitFor(WAIT);
    const form = page.getByRole('region', { name: 'Ваш ответ' });
    await form.waitFor(WAIT);
    expect(await top(taskHeading)).toBeLessThan(await top(taskText));
    expect(await top(taskText)).toBeLessThan(await top(form));
    expect(learner.problems).toEqual([]);
    await page.context().close();

    // The student hands in (the form is another test's), and the teacher opens the work.
    const handIn = await api<{ user_homework_id: number }>(student.token, 'POST', 'user_homeworks/', { homework: homeworkId, course_id: courseId, text: 'print(sum(costs))' });
    const checker = await newPage();
    page = checker.page;
    await signIn(page, platform, 'teacher@coursehub.ru', '/school/Coursehub/courses');
    await page.goto(`${SCHOOL}/home-work/${homeworkId}/${handIn.user_homework_id}/${courseId}`);
    await page.getByRole('heading', { level: 1, name: 'Калькулятор недели' }).waitFor(WAIT);
    const shown = page.getByRole('region', { name: 'Задание' });
    await shown.getByText(TASK, { exact: false }).waitFor(WAIT);
    expect(await shown.locator('.code-html').textContent()).toContain('costs');
    await shown.getByRole('link', { name: 'obrazec.txt' }).waitFor(WAIT);
    expect(await shown.getByText('В уроке пока нет содержимого.').count()).toBe(0);
    await page.getByRole('region', { name: 'История проверки' }).getByText('print(sum(costs))').waitFor(WAIT);
    expect(checker.problems).toEqual([]);
    await page.context().close();

    // Out of the waiting queue again, for the tests that count on it.
    await api(teacher.token, 'POST', 'user_homework_checks/', { user_homework: handIn.user_homework_id, text: 'Верно', status: 'accepted', mark: 5 });
  });
});
