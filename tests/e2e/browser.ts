// Chromium through playwright-core, launched as this machine requires (Debian's binary, no sandbox
// as root, no background networking: the network is closed).
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { findChromium } from '../../tools/ensure-chromium.mjs';

/** How long a step waits for the page to get there: a limit for a hang, not a pace (a busy 2-core machine can take many seconds). */
export const WAIT = { timeout: 60_000 };

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found: npm test installs it (tools/ensure-chromium.mjs), or set CHROMIUM_PATH');
  return chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
  });
}

/** Collects a page's console errors and warnings, failed requests and uncaught exceptions. */
export function watchProblems(page: Page, ignore: RegExp[] = []): string[] {
  const problems: string[] = [];
  const keep = (text: string) => !ignore.some((pattern) => pattern.test(text));
  page.on('console', (message: ConsoleMessage) => {
    if ((message.type() === 'error' || message.type() === 'warning') && keep(message.text())) problems.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => keep(error.message) && problems.push(`page error: ${error.message}`));
  return problems;
}

/** Signs in through the app's sign-in form and waits for the page the account lands on. */
export async function signIn(page: Page, platform: string, email: string, landing: string, password = 'coursehub-demo'): Promise<void> {
  await page.goto(`${platform}/login`);
  await page.getByLabel('Email или телефон').fill(email);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL(`${platform}${landing}`, WAIT);
}
