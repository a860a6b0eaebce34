// The JavaScript of the student's lesson page (issue 12's budget: ≤ 60 KB gzip), measured on the
// build like the widget budgets: the app's entry (the whole shell; it imports nothing statically)
// plus the page's lazy chunk and every chunk it imports, as the precompressed twins the server
// sends. A test or a homework lesson loads its panel's chunk too: that worst case is held as well.
// The page renders blocks as the server made them, so no editor, highlighter or math library may
// come with it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importClosure, transferSize } from '../../tools/bundle-sizes.mjs';

const DIR = 'dist/app';
const LESSON_PAGE_BUDGET = 60 * 1024;

const chunkFiles = readdirSync(join(DIR, 'chunks')).filter((name) => name.endsWith('.js'));

/** The built chunk of a source module (rollup names chunks `[name]-[hash].js`). */
function chunk(name: string): string {
  const found = chunkFiles.filter((file) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(file));
  expect(found, `one chunk for ${name}`).toHaveLength(1);
  return join(DIR, 'chunks', found[0]!);
}

/** What a first visit downloads: the entry, then the page's chunks and their static imports. */
function pageFiles(...chunks: string[]): Set<string> {
  const files = new Set([join(DIR, 'main.js')]);
  for (const name of chunks) importClosure(chunk(name), files);
  return files;
}

const bytes = (files: Set<string>, encoding: 'gz' | 'br') => [...files].reduce((sum, file) => sum + transferSize(file, encoding), 0);

/**
 * Strings each library leaves in minified code (checked below to be in the build's editor chunks,
 * so a missing marker cannot pass unnoticed): Tiptap/ProseMirror, dnd-kit, tus-js-client; and the
 * server's highlighter (shiki) and math renderer (temml), or others, never in the app.
 */
const EDITOR_MARKERS = { tiptap: 'ProseMirror', 'dnd-kit': 'DndDescribedBy', 'tus-js-client': 'Tus-Resumable' };
const SERVER_ONLY_MARKERS = ['shiki', 'temml', 'katex', 'hljs', 'highlight.js', 'mathjax'];

const containing = (files: Iterable<string>, marker: string) => [...files].filter((file) => readFileSync(file, 'utf8').toLowerCase().includes(marker.toLowerCase()));

describe("the student's lesson page JavaScript (issue 12: ≤ 60 KB gzip)", () => {
  const plain = pageFiles('lesson-page');
  const withPanels = pageFiles('lesson-page', 'test-panel', 'homework-panel');

  it('loads its panels lazily: a plain lesson does not fetch the test or homework chunk', () => {
    const lessonPage = readFileSync(chunk('lesson-page'), 'utf8');
    for (const panel of ['test-panel', 'homework-panel']) {
      expect(lessonPage).toMatch(new RegExp(`import\\(["']\\./${panel}-[\\w-]{8}\\.js["']\\)`));
      expect(plain.has(chunk(panel))).toBe(false);
    }
  });

  it.each(['gz', 'br'] as const)('a plain lesson and a test or homework lesson stay within 60 KB (%s)', (encoding) => {
    expect(bytes(plain, encoding)).toBeLessThanOrEqual(LESSON_PAGE_BUDGET);
    expect(bytes(withPanels, encoding)).toBeLessThanOrEqual(LESSON_PAGE_BUDGET);
  });

  it('carries no editor, highlighter or math library', () => {
    const everything = chunkFiles.map((file) => join(DIR, 'chunks', file));
    for (const [library, marker] of Object.entries(EDITOR_MARKERS)) {
      // The marker does find the library where the course editor loads it…
      expect(containing(everything, marker), library).not.toEqual([]);
      // …and it is nowhere in what the lesson page loads.
      expect(containing(withPanels, marker), library).toEqual([]);
    }
    for (const marker of SERVER_ONLY_MARKERS) expect(containing(withPanels, marker), marker).toEqual([]);
  });
});

// The homework review's pages (issue 13): the queue and a hand-in's check page, each loaded on
// demand (nothing of them in the entry), held to the lesson page's budget; the check page shows
// the task as the server stored it and answers through the student's composer, so it too comes
// without an editor, highlighter or math library.
describe("the homework review's pages JavaScript (issue 13: ≤ 60 KB gzip, like the lesson page)", () => {
  const queue = pageFiles('homework-queue-page');
  const check = pageFiles('homework-check-page');

  it('loads each page lazily: the entry imports neither', () => {
    const entry = readFileSync(join(DIR, 'main.js'), 'utf8');
    for (const name of ['homework-queue-page', 'homework-check-page']) {
      expect(entry).toMatch(new RegExp(`import\\(["']\\./chunks/${name}-[\\w-]{8}\\.js["']\\)`));
      expect(pageFiles().has(chunk(name))).toBe(false);
    }
  });

  it.each(['gz', 'br'] as const)('the queue and the check page stay within 60 KB (%s)', (encoding) => {
    expect(bytes(queue, encoding)).toBeLessThanOrEqual(LESSON_PAGE_BUDGET);
    expect(bytes(check, encoding)).toBeLessThanOrEqual(LESSON_PAGE_BUDGET);
  });

  it('carries no editor, highlighter or math library', () => {
    for (const marker of [...Object.values(EDITOR_MARKERS), ...SERVER_ONLY_MARKERS]) expect(containing(check, marker), marker).toEqual([]);
    for (const marker of [...Object.values(EDITOR_MARKERS), ...SERVER_ONLY_MARKERS]) expect(containing(queue, marker), marker).toEqual([]);
  });
});

// The statistics pages (issue 13: ≤ 80 KB gzip JS before the chart chunk): the course summary, a
// course's students table and a student's statistics, each loaded on demand. The summary's chart
// draws with uPlot, which comes in the chart's own chunk, imported by the page only once it has
// figures to draw: no byte of uPlot is in what a page downloads first, and the chart chunk is where
// the marker is found.
const STATISTICS_PAGE_BUDGET = 80 * 1024;
/** Strings uPlot's minified code keeps (its dppx media-query event and its root class). */
const UPLOT_MARKERS = ['dppxchange', '"uplot"'];

describe('the statistics pages JavaScript (issue 13: ≤ 80 KB gzip before the chart chunk)', () => {
  const pages = {
    'courses-stats-page': pageFiles('courses-stats-page'),
    'course-students-stats-page': pageFiles('course-students-stats-page'),
    'student-stats-page': pageFiles('student-stats-page'),
  };

  it('loads each page lazily, and the chart only from the course summary, lazily too', () => {
    const entry = readFileSync(join(DIR, 'main.js'), 'utf8');
    for (const name of Object.keys(pages)) {
      expect(entry).toMatch(new RegExp(`import\\(["']\\./chunks/${name}-[\\w-]{8}\\.js["']\\)`));
      expect(pageFiles().has(chunk(name))).toBe(false);
    }
    expect(readFileSync(chunk('courses-stats-page'), 'utf8')).toMatch(/import\(["']\.\/students-chart-[\w-]{8}\.js["']\)/);
    for (const files of Object.values(pages)) expect(files.has(chunk('students-chart'))).toBe(false);
  });

  it.each(['gz', 'br'] as const)('each page stays within 80 KB without the chart chunk (%s)', (encoding) => {
    for (const [name, files] of Object.entries(pages)) expect(bytes(files, encoding), name).toBeLessThanOrEqual(STATISTICS_PAGE_BUDGET);
  });

  it("has uPlot in the chart's chunk only", () => {
    const everything = [join(DIR, 'main.js'), ...chunkFiles.map((file) => join(DIR, 'chunks', file))];
    for (const marker of UPLOT_MARKERS) expect(containing(everything, marker), marker).toEqual([chunk('students-chart')]);
    for (const files of Object.values(pages)) for (const marker of UPLOT_MARKERS) expect(containing(files, marker), marker).toEqual([]);
  });

  it('carries no editor, highlighter or math library', () => {
    for (const files of Object.values(pages)) for (const marker of [...Object.values(EDITOR_MARKERS), ...SERVER_ONLY_MARKERS]) expect(containing(files, marker), marker).toEqual([]);
  });
});

// The rating page (issue 13): loaded on demand, held to the lesson page's budget, with no chart,
// editor, highlighter or math library.
describe("the rating page's JavaScript (issue 13: ≤ 60 KB gzip, like the lesson page)", () => {
  const rating = pageFiles('rating-page');

  it('loads lazily: the entry does not import it', () => {
    expect(readFileSync(join(DIR, 'main.js'), 'utf8')).toMatch(/import\(["']\.\/chunks\/rating-page-[\w-]{8}\.js["']\)/);
    expect(pageFiles().has(chunk('rating-page'))).toBe(false);
  });

  it.each(['gz', 'br'] as const)('stays within 60 KB (%s)', (encoding) => {
    expect(bytes(rating, encoding)).toBeLessThanOrEqual(LESSON_PAGE_BUDGET);
  });

  it('carries no chart, editor, highlighter or math library', () => {
    for (const marker of [...UPLOT_MARKERS, ...Object.values(EDITOR_MARKERS), ...SERVER_ONLY_MARKERS]) expect(containing(rating, marker), marker).toEqual([]);
  });
});

// The school administration (issue 14): the settings page with each of its tabs, the appeals and
// access-log screens, each loaded on demand and held to the lesson page's budget. The newsletter's
// rich-text editor comes in its own chunk, only when a template is opened; no tab carries a chart,
// highlighter or math library.
describe("the school administration's pages JavaScript (issue 14: ≤ 60 KB gzip, like the lesson page)", () => {
  const TABS = [
    'main-settings-tab',
    'school-users-page',
    'decoration-tab',
    'passport-tab',
    'domain-tab',
    'banners-settings-tab',
    'bonuses-settings-tab',
    'invites-settings-tab',
    'promo-page',
    'newsletter-settings-tab',
    'payment-methods-tab',
    'access-logs-tab',
  ];
  const pages: Record<string, Set<string>> = {
    ...Object.fromEntries(TABS.map((tab) => [tab, pageFiles('settings-page', tab)])),
    // The boxes and prizes come into «Бонусы» in a chunk of their own.
    'bonuses-settings-tab + boxes-admin': pageFiles('settings-page', 'bonuses-settings-tab', 'boxes-admin'),
    'appeals-page': pageFiles('appeals-page'),
    'access-logs-page': pageFiles('access-logs-page'),
  };

  it('loads every page and tab lazily: the entry imports none of them', () => {
    for (const name of [...TABS, 'settings-page', 'boxes-admin', 'appeals-page', 'access-logs-page']) expect(pageFiles().has(chunk(name)), name).toBe(false);
    expect(pageFiles('settings-page').has(chunk('main-settings-tab'))).toBe(false);
  });

  it.each(['gz', 'br'] as const)('each stays within 60 KB (%s)', (encoding) => {
    for (const [name, files] of Object.entries(pages)) expect(bytes(files, encoding), name).toBeLessThanOrEqual(LESSON_PAGE_BUDGET);
  });

  it('carries no chart, highlighter or math library, and the newsletter editor only on demand', () => {
    for (const [name, files] of Object.entries(pages)) {
      for (const marker of [...UPLOT_MARKERS, ...SERVER_ONLY_MARKERS, EDITOR_MARKERS.tiptap]) expect(containing(files, marker), `${name}: ${marker}`).toEqual([]);
    }
  });
});

// Communication (issue 15): the chat, the meetings and the admin's webinars, each loaded on demand
// and held to the lesson page's budget; the menu's counts and the assistant's button are chunks of
// their own, so none of it is in the app's entry, and the assistant's panel comes only when opened.
describe('the communication pages JavaScript (issue 15: ≤ 60 KB gzip, like the lesson page)', () => {
  const PAGES = ['chat-page', 'meetings-page', 'webinars-admin-page'];
  const pages = Object.fromEntries(PAGES.map((name) => [name, pageFiles(name)]));

  it("loads each page, the menu's counts and the assistant lazily: the entry imports none of them", () => {
    for (const name of [...PAGES, 'chat-unread-badge', 'upcoming-meetings-badge', 'unread-appeals-badge', 'ai-assistant-launcher', 'ai-chat-panel']) {
      expect(pageFiles().has(chunk(name)), name).toBe(false);
    }
    expect(pageFiles('ai-assistant-launcher').has(chunk('ai-chat-panel'))).toBe(false);
  });

  it.each(['gz', 'br'] as const)('each stays within 60 KB, and so does the assistant opened (%s)', (encoding) => {
    for (const [name, files] of Object.entries(pages)) expect(bytes(files, encoding), name).toBeLessThanOrEqual(LESSON_PAGE_BUDGET);
    expect(bytes(pageFiles('ai-assistant-launcher', 'ai-chat-panel'), encoding)).toBeLessThanOrEqual(LESSON_PAGE_BUDGET);
  });
});
