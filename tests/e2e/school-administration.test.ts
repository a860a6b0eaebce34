// Issue 14 in Chromium against the built product: the demo admin runs the school. They change the
// school's main settings, add a custom domain and verify it by its DNS TXT record (the only stub:
// a real UDP DNS server on the port the product was given as DNS_SERVERS), create a newsletter
// template that is mailed at once (seen in the demo outbox), create a bonus for the demo student's
// group (the student then sees it on «Бонусы»), and mark a visitor's appeal read.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startDnsStub, type DnsStub } from '../helpers/dns-stub.ts';
import { launchBrowser, signIn, watchProblems, WAIT } from './browser.ts';

const platform = inject('platform');
const SCHOOL = `${platform}/school/Coursehub`;
/** A condition may take a few seconds on a busy machine: waits are on it, never on the clock. */
const DOMAIN = 'learn.e2e-school.example';

let browser: Browser;
let dns: DnsStub;
beforeAll(async () => {
  [browser, dns] = await Promise.all([launchBrowser(), startDnsStub({}, inject('dnsPort'))]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), dns?.close()]);
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const settingsTab = async (page: Page, label: string, path: string) => {
  await page.getByRole('navigation', { name: 'Разделы настроек' }).getByRole('link', { name: label, exact: true }).click();
  await page.waitForURL(`${SCHOOL}/settings/${path}`, WAIT);
};

describe('the demo admin runs the school (issue 14)', () => {
  it('edits the main settings, verifies a domain, mails a newsletter, creates a bonus the student sees and reads an appeal', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signIn(page, platform, 'admin@coursehub.ru', '/school/Coursehub/courses');

    // Main settings: the school's title changes and stays after a reload.
    await page.goto(`${SCHOOL}/settings/main`);
    const title = page.getByLabel('Название школы');
    await expect.poll(() => title.inputValue(), WAIT).not.toBe('');
    const demoTitle = await title.inputValue();
    await title.fill('Школа Coursehub E2E');
    await page.getByRole('button', { name: 'Сохранить' }).first().click();
    await page.getByText('Настройки сохранены').waitFor(WAIT);
    await page.reload();
    await expect.poll(() => page.getByLabel('Название школы').inputValue(), WAIT).toBe('Школа Coursehub E2E');

    // The domain: added, refused while its TXT record is missing, then verified by the record.
    await settingsTab(page, 'Домен', 'domain');
    await page.getByLabel('Домен', { exact: true }).fill(DOMAIN);
    await page.getByRole('button', { name: 'Добавить' }).click();
    await page.getByText('Не подтверждён').first().waitFor(WAIT);
    const recordName = (await page.getByText(`_coursehub.${DOMAIN}`).first().textContent())?.trim();
    expect(recordName).toBe(`_coursehub.${DOMAIN}`);
    const recordValue = (await page.getByText(/^coursehub-verify=/).first().textContent())?.trim() ?? '';
    expect(recordValue).toMatch(/^coursehub-verify=\S+$/);
    await page.getByRole('button', { name: 'Проверить' }).click();
    await page.getByText('Домен пока не подтверждён').waitFor(WAIT);
    dns.txt.set(`_coursehub.${DOMAIN}`, [recordValue]);
    await page.getByRole('button', { name: 'Проверить' }).click();
    await page.getByText('Подтверждён', { exact: true }).first().waitFor(WAIT);
    expect(dns.queries.some((query) => query.name === `_coursehub.${DOMAIN}`)).toBe(true);

    // A newsletter template mailed at once to the school's students: the demo outbox has it.
    await settingsTab(page, 'Рассылки', 'email-newsletter');
    const subject = `Новости школы ${Date.now()}`;
    await page.getByRole('button', { name: 'Создать шаблон' }).click();
    const letter = page.getByRole('dialog', { name: 'Новый шаблон' });
    await letter.getByLabel('Название (тема письма)').fill(subject);
    await letter.getByLabel('Текст письма').click();
    await page.keyboard.type('Здравствуйте! У нас новый курс.');
    await letter.getByLabel('Через сколько дней отправить').fill('0');
    await letter.getByLabel('Рассылать').check();
    await letter.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Шаблон сохранён').waitFor(WAIT);
    await expect
      .poll(async () => {
        const outbox = await page.request.get(`${platform}/api/dev/outbox/`);
        return (await outbox.text()).includes(subject);
      }, WAIT)
      .toBe(true);

    // A bonus for the demo student's group.
    await settingsTab(page, 'Бонусы', 'bonuses');
    const bonusText = `Скидка 15 % на второй курс ${Date.now()}`;
    await page.getByRole('button', { name: 'Создать бонус' }).click();
    const bonus = page.getByRole('dialog', { name: 'Новый бонус' });
    await bonus.getByLabel('Текст').fill(bonusText);
    await bonus.getByLabel('Ссылка').fill('https://coursehub.ru/sale');
    await bonus.getByLabel('Показывать ученикам').check();
    await bonus.getByRole('checkbox', { name: /Python с нуля — поток 1/ }).check();
    await bonus.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Бонус сохранён').waitFor(WAIT);

    // A visitor's appeal from the catalogue, read by the admin.
    const catalog = await page.request.get(`${platform}/api/course_catalog/?p=1&s=12`);
    const courseId = ((await catalog.json()) as { results: { course_id: number }[] }).results[0]!.course_id;
    const appealName = `Посетитель ${Date.now()}`;
    const appeal = await page.request.post(`${platform}/api/course-appeals/`, {
      data: { course: courseId, name: appealName, email: 'visitor@example.com', phone: '+375291234567', message: 'Хочу записаться' },
    });
    expect(appeal.status()).toBe(201);
    await page.goto(`${SCHOOL}/school-appeals`);
    await heading(page, 'Заявки').waitFor(WAIT);
    const row = page.getByRole('row').filter({ hasText: appealName });
    await row.getByText('Не прочитана').waitFor(WAIT);
    await row.getByRole('button', { name: `Отметить прочитанным: ${appealName}` }).click();
    await expect.poll(() => row.getByText('Не прочитана').count(), WAIT).toBe(0);

    // The demo's title back, for the browser tests that run after this one on the same server.
    await page.goto(`${SCHOOL}/settings/main`);
    await expect.poll(() => title.inputValue(), WAIT).toBe('Школа Coursehub E2E');
    await title.fill(demoTitle);
    await page.getByRole('button', { name: 'Сохранить' }).first().click();
    await page.getByText('Настройки сохранены').waitFor(WAIT);
    expect(problems).toEqual([]);
    await context.close();

    // The demo student sees the new bonus.
    const studentContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const student = await studentContext.newPage();
    const studentProblems = watchProblems(student);
    await signIn(student, platform, 'student@coursehub.ru', '/school/Coursehub/student-courses');
    await student.goto(`${SCHOOL}/student-courses/bonus`);
    await student.getByText(bonusText).waitFor(WAIT);
    expect(studentProblems).toEqual([]);
    await studentContext.close();
  });
});
