// Issue 25: axe on every screen, in Chromium against the built product, at 1280 and 390 px, and no
// screen wider than a 390 px phone (it would scroll sideways). The
// screens are taken from the app's own route tables (the router's public routes, core's role route
// sets), so a new screen is checked or this file fails for want of an address to open it at. The
// school screens with ids in their path are opened at the first link to them found on the screens
// already visited. Any serious or critical violation fails the test, with its rule, element and summary.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { $router } from '../../src/app/router.ts';
import { LEGAL_PAGES, SCHOOL_STATIC_PAGES } from '../../src/core/routes.ts';
import { matchesRoute, ROLE_ROUTES } from '../../src/core/role-routes.ts';
import { axeViolations } from './axe.ts';
import { launchBrowser, signIn, WAIT } from './browser.ts';

const platform = inject('platform');
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SCHOOL = '/school/Coursehub/';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A published course of the demo catalogue, for its preview page. */
async function demoCourseId(): Promise<number> {
  const list = (await (await fetch(`${platform}/api/course_catalog/`)).json()) as { results: { course_id: number }[] };
  return list.results[0]!.course_id;
}

/** Where each public route of the router is opened (an unknown id shows the route's not-found words). */
async function publicPaths(): Promise<Record<string, readonly string[]>> {
  const courseId = await demoCourseId();
  return {
    initial: ['/'],
    login: ['/login'],
    signup: ['/signup'],
    forgotPassword: ['/forgot-password'],
    createSchool: ['/create-school'],
    chooseSchool: ['/chooseSchool'],
    socialAuth: ['/auth/callback'],
    tokenValidate: ['/token-validate/1/no-such-token'],
    invitation: ['/invitation/no-such-invitation'],
    unsubscribe: ['/unsubscribe/no-such-token'],
    tariffPlansInfo: ['/tariff-plans-info'],
    tariffPlansYear: ['/tariff-plans-year'],
    tariffPlans: ['/tariff-plans'],
    catalog: ['/course-catalog/'],
    catalogCourse: [`/course-catalog/${courseId}/`, '/course-catalog/999999/'],
    certificatePreview: ['/certificate/preview'],
    certificate: ['/certificate/no-such-certificate'],
    webinar: ['/webinar/demo-live', '/webinar/demo-soon', '/webinar/no-such-slug'],
    help: ['/help'],
    helpPage: ['/help/help-domen'],
    helpSchoolPage: ['/help/Coursehub/help-domen'],
    accessDenied: ['/access-denied'],
    technicalWorks: ['/technical-works'],
    invoice: ['/invoice'],
    school: ['/school/Coursehub'],
    schoolChild: LEGAL_PAGES.map((page) => `${SCHOOL}${page}`),
  };
}

/**
 * The admin's group page: no screen of theirs links to it (they land there from creating a group),
 * so it is opened at the demo school's first group, asked of the API.
 */
async function adminGroupPath(): Promise<string> {
  const login = await fetch(`${platform}/api/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'admin@coursehub.ru', password: 'coursehub-demo' }) });
  const { access } = (await login.json()) as { access: string };
  const groups = (await (await fetch(`${platform}/api/Coursehub/students_group/`, { headers: { authorization: `Bearer ${access}` } })).json()) as { results: { group_id: number }[] };
  return `courses/group/${groups.results[0]!.group_id}`;
}

/** Counts the page's requests in flight, to tell when a screen has loaded what it shows. */
function trackRequests(page: Page): () => number {
  let inFlight = 0;
  page.on('request', () => void inFlight++);
  page.on('requestfinished', () => void inFlight--);
  page.on('requestfailed', () => void inFlight--);
  return () => inFlight;
}

const LOADING = /^(Загрузка|Загружаем|Проверяем оплату)/;

/** Waits until no request is in flight and no loading words are shown, twice a frame apart. */
async function settle(page: Page, inFlight: () => number): Promise<void> {
  const deadline = Date.now() + WAIT.timeout;
  let quiet = 0;
  while (quiet < 2) {
    if (Date.now() > deadline) throw new Error(`${page.url()} still loading after ${WAIT.timeout / 1000} s`);
    const idle = inFlight() === 0 && (await page.getByText(LOADING).count()) === 0;
    quiet = idle ? quiet + 1 : 0;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  }
}

/** Opens a path in the running app as its links do (no reload), or loads it when the app is not there yet. */
async function open(page: Page, path: string, inFlight: () => number): Promise<void> {
  if (page.url().startsWith(platform)) {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  } else {
    await page.goto(`${platform}${path}`);
  }
  await settle(page, inFlight);
}

/**
 * Axe at both widths on the screen as it is, and at 390 px nothing wider than the phone (the page
 * would scroll sideways); the problems, each line naming the path and width.
 */
async function checkBothWidths(page: Page, path: string, inFlight: () => number): Promise<string[]> {
  const found: string[] = [];
  for (const viewport of [WIDE, PHONE]) {
    await page.setViewportSize(viewport);
    await settle(page, inFlight);
    for (const line of await axeViolations(page)) found.push(`${path} @${viewport.width}: ${line}`);
  }
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > PHONE.width) found.push(`${path} @${PHONE.width}: scrolls sideways, ${width}px wide`);
  await page.setViewportSize(WIDE);
  return found;
}

// The four sweeps are independent (a context each) and run at once: the longest browser file is
// the end of npm test's longest chain, and much of a sweep is waiting for the server and the screen.
describe.concurrent('axe on every screen', () => {
  it('finds no serious or critical violation on the public pages', async () => {
    const paths = await publicPaths();
    const routes = $router.routes.map(([name]) => name);
    // A new public route needs an address here: otherwise it would go unchecked.
    expect(routes.filter((name) => !(name in paths))).toEqual([]);
    const context = await browser.newContext({ viewport: WIDE, bypassCSP: true });
    const page = await context.newPage();
    const inFlight = trackRequests(page);
    const violations: string[] = [];
    for (const name of routes) {
      for (const path of paths[name]!) {
        // Each public page as a visitor lands on it: loaded, not opened from another.
        await page.goto(`${platform}${path}`);
        await settle(page, inFlight);
        violations.push(...(await checkBothWidths(page, path, inFlight)));
      }
    }
    await context.close();
    expect(violations).toEqual([]);
  }, 600_000);

  for (const [role, email, home] of [
    ['Admin', 'admin@coursehub.ru', 'courses'],
    ['Teacher', 'teacher@coursehub.ru', 'courses'],
    ['Student', 'student@coursehub.ru', 'student-courses'],
  ] as const) {
    it(`finds none on the ${role.toLowerCase()}'s school screens`, async () => {
      const context = await browser.newContext({ viewport: WIDE, bypassCSP: true });
      const page = await context.newPage();
      const inFlight = trackRequests(page);
      await signIn(page, platform, email, `${SCHOOL}${home}`);
      const patterns = [...ROLE_ROUTES[role], ...SCHOOL_STATIC_PAGES];
      const pending = new Set(patterns);
      const links = new Set<string>(role === 'Admin' ? [`${SCHOOL}${await adminGroupPath()}`] : []);
      const violations: string[] = [];
      const visit = async (pattern: string, child: string) => {
        pending.delete(pattern);
        await open(page, `${SCHOOL}${child}`, inFlight);
        violations.push(...(await checkBothWidths(page, child, inFlight)));
        // Links in the light DOM and in the widgets' shadow roots, for the screens with ids.
        for (const href of await page.locator('a[href]').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).pathname))) links.add(href);
      };
      for (const pattern of patterns.filter((p) => !p.includes(':'))) await visit(pattern, pattern);
      // The screens with ids in their path, at the first link to them, until no more are found.
      for (let progress = true; progress; ) {
        progress = false;
        for (const pattern of [...pending]) {
          const children = [...links].map((href) => href.replace(/^\/school\/[^/]+\//, '').replace(/\/+$/, ''));
          // An index path (a course's editor) is opened at the parent of a link to one of its tabs.
          const link = children.find((child) => matchesRoute(pattern, child)) ?? children.find((child) => matchesRoute(`${pattern}/:tab`, child))?.replace(/\/[^/]+$/, '');
          if (link) {
            await visit(pattern, link);
            progress = true;
          }
        }
      }
      await context.close();
      expect({ violations, unreached: [...pending] }).toEqual({ violations: [], unreached: [] });
    }, 600_000);
  }
});
