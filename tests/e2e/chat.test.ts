// Issue 15 in Chromium against the built product: the demo teacher and the demo student open their
// personal chat in two browser contexts and exchange messages, each arriving live over the
// authenticated websocket without a reload; the student sees the teacher typing.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, signIn, watchProblems, WAIT } from './browser.ts';

const platform = inject('platform');
const SCHOOL = `${platform}/school/Coursehub`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens «Чат» and the personal chat with the person whose surname is given. */
async function openChat(page: Page, surname: string) {
  await page.goto(`${SCHOOL}/chat`);
  // A chat in the list is named by what it shows: its name (the other person's) comes first.
  await page.getByRole('list', { name: 'Чаты' }).getByRole('link', { name: new RegExp(`^(\\S+ ){0,2}${surname}`) }).click();
  await page.getByRole('textbox', { name: 'Сообщение' }).waitFor(WAIT);
}

/** The open thread's messages (the list beside it shows the last one too). */
const thread = (page: Page) => page.getByRole('list', { name: 'Переписка' });

async function send(page: Page, text: string) {
  const composer = page.getByRole('textbox', { name: 'Сообщение' });
  await composer.fill(text);
  await composer.press('Enter');
  await expect.poll(() => composer.inputValue(), WAIT).toBe('');
}

describe('the demo teacher and student chat live (issue 15)', () => {
  it('delivers each message to the other side at once, with the typing marker', async () => {
    const [teacherContext, studentContext] = await Promise.all([browser.newContext(), browser.newContext()]);
    const [teacher, student] = await Promise.all([teacherContext.newPage(), studentContext.newPage()]);
    const problems = [watchProblems(teacher), watchProblems(student)];
    await signIn(teacher, platform, 'teacher@coursehub.ru', '/school/Coursehub/courses');
    await signIn(student, platform, 'student@coursehub.ru', '/school/Coursehub/student-courses');
    await openChat(teacher, 'Студентов');
    await openChat(student, 'Преподавателев');

    // The student sees the teacher typing, then the message, without reloading.
    const question = `Как прошла практика? ${Date.now()}`;
    await teacher.getByRole('textbox', { name: 'Сообщение' }).pressSequentially('Как');
    await student.getByText(/печатает/).waitFor(WAIT);
    await send(teacher, question);
    await thread(student).getByText(question).waitFor(WAIT);

    // And the answer goes back the same way.
    const answer = `Всё получилось, спасибо! ${Date.now()}`;
    await send(student, answer);
    await thread(teacher).getByText(answer).waitFor(WAIT);

    expect(problems.flat()).toEqual([]);
    await Promise.all([teacherContext.close(), studentContext.close()]);
  });
});
