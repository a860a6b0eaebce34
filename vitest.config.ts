import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { aliases } from './tools/aliases.mjs';

// Every test fails on an unexpected console.error / console.warn (tests/setup/console-guard.ts).
const consoleGuard = 'tests/setup/console-guard.ts';

// The component tests: happy-dom, React, Testing Library.
const domTests = ['src/app/**/*.test.{ts,tsx}', 'src/views/**/*.test.{ts,tsx}', 'src/widgets/**/*.test.{ts,tsx}', 'tests/bundle/**/*.test.ts'];
// Those that cannot share a worker's window with other files: a vi.mock stays registered for the
// files after it, and a custom element cannot be defined twice in one window.
const domAlone = ['src', 'tests/bundle'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file}`)
    .filter((file) => /^(src\/app|src\/views|src\/widgets|tests\/bundle)\/.*\.test\.tsx?$/.test(file))
    .filter((file) => /\bvi\.mock\(|\bdefineWidget\(|-element(\.ts)?'|\bcustomElements\b/.test(readFileSync(file, 'utf8'))),
);
// happy-dom's settings: a <link> or <script> a component adds (the code stylesheet) is taken as
// loaded, not fetched: there is no server, and a fetch cut off at teardown prints an AbortError.
const happyDOM = { settings: { disableCSSFileLoading: true, disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true } };

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    restoreMocks: true,
    unstubGlobals: true,
    // A limit for a test that hangs, not a pace to keep: vitest's 5 s failed component tests that
    // took 6 s on a 2-core machine busy with other work.
    testTimeout: 30_000,
    // vitest's default is one worker fewer than the cores, so one on a 2-core machine; the tests
    // wait on processes, sockets and the browser often enough to keep two busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          // Core's own tests run once, with coverage (npm run test:coverage), beside the rest.
          name: 'core',
          environment: 'node',
          setupFiles: [consoleGuard],
          include: ['src/core/**/*.test.ts'],
          exclude: ['**/*.dom.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'core-dom',
          environment: 'happy-dom',
          environmentOptions: { happyDOM },
          pool: 'threads',
          setupFiles: [consoleGuard],
          include: ['src/core/**/*.dom.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          setupFiles: [consoleGuard],
          // The smoke test starts the built server: seconds on a busy 2-core machine.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          include: ['tests/unit/**/*.test.ts', 'tests/smoke/**/*.test.ts', 'tests/load/**/*.test.mjs'],
          exclude: ['**/*.db.test.mjs', '**/*.smoke.test.mjs'],
        },
      },
      {
        extends: true,
        test: {
          // The API suite. Not isolated: a worker runs its files one after another in one process,
          // so it boots PGlite once and hands each test app a database emptied for it
          // (tests/server/database-pool.ts) instead of booting one per app (seconds each).
          name: 'server',
          environment: 'node',
          isolate: false,
          setupFiles: [consoleGuard],
          globalSetup: ['tests/setup/postgres-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          include: ['src/server/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/load/**/*.db.test.mjs'],
        },
      },
      {
        extends: true,
        test: {
          // The built product in Chromium: one server for all files, one browser file at a time.
          name: 'e2e',
          environment: 'node',
          // With the load model's smoke: it starts the built server too, and this project has room.
          include: ['tests/e2e/**/*.test.ts', 'tests/load/**/*.smoke.test.mjs'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: [consoleGuard, 'tests/e2e/server-ready.ts'],
          fileParallelism: false,
          // Limits for a hang, not a pace: each step waits up to tests/e2e/browser.ts's WAIT.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 60_000 } },
        },
      },
      {
        extends: true,
        test: {
          // Not isolated: a worker sets up happy-dom and imports React and Testing Library once, then
          // runs its files one after another; tests/setup/fresh-window.ts gives each file fresh
          // modules and a clean window (a window per file cost about 2 s of set-up a file).
          name: 'dom',
          environment: 'happy-dom',
          environmentOptions: { happyDOM },
          pool: 'threads',
          isolate: false,
          setupFiles: ['tests/setup/fresh-window.ts', consoleGuard, 'tests/setup/testing-library.ts'],
          include: domTests,
          exclude: domAlone,
        },
      },
      {
        extends: true,
        test: {
          // The component tests that mock modules or define custom elements, each in a window of its
          // own (a worker thread per file starts faster than a child process).
          name: 'dom-alone',
          environment: 'happy-dom',
          environmentOptions: { happyDOM },
          pool: 'threads',
          setupFiles: [consoleGuard, 'tests/setup/testing-library.ts'],
          include: domAlone,
        },
      },
    ],
    // Core's own tests measure its coverage (npm run test:coverage, beside the rest): V8's counters
    // slowed every other test too, about 15 % of the server files' CPU time, to cover the same lines.
    coverage: {
      provider: 'v8',
      include: ['src/core/**/*.ts'],
      // The barrel only re-exports; its lines are the modules' lines.
      exclude: ['src/core/**/*.test.ts', 'src/core/index.ts'],
      reporter: ['text-summary', ['text', { skipFull: true }]],
      thresholds: { lines: 95 },
    },
  },
});
