// Chromium through playwright-core, launched as this machine requires (Debian's binary, no sandbox
// as root, no background networking: the network is closed).
import { chromium, type Browser, type BrowserServer, type ConsoleMessage, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { findChromium } from '../../tools/ensure-chromium.mjs';

/** How long a step waits for the page to get there: a limit for a hang, not a pace (a busy 2-core machine can take many seconds). */
export const WAIT = { timeout: 60_000 };

/** The one Chromium of a run, started by the global setup beside the product's server. */
export async function launchBrowserServer(): Promise<BrowserServer> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found: npm test installs it (tools/ensure-chromium.mjs), or set CHROMIUM_PATH');
  return chromium.launchServer({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
  });
}

/**
 * A file's own connection to the run's Chromium: its contexts are as separate as in a browser of
 * its own, and closing it closes them, while the browser stays up for the next file (a launch of
 * its own cost a file about 1.6 s of CPU).
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
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
