import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { aliases } from './tools/aliases.mjs';

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    // Every test fails on an unexpected console.error / console.warn (tests/setup/console-guard.ts).
    setupFiles: ['tests/setup/console-guard.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // vitest's default is one worker fewer than the cores, so one on a 2-core machine; the tests
    // wait on processes, sockets and the browser often enough to keep two busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // The smoke test starts the built server: seconds on a busy 2-core machine.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          include: ['src/core/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/smoke/**/*.test.ts'],
          exclude: ['**/*.dom.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The API suite. Not isolated: a worker runs its files one after another in one process,
          // so it boots PGlite once and hands each test app a database emptied for it
          // (tests/server/pglite-pool.ts) instead of booting one per app (seconds each).
          name: 'server',
          environment: 'node',
          isolate: false,
          globalSetup: ['tests/setup/postgres-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          include: ['src/server/**/*.test.ts', 'tests/server/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The built product in Chromium: one server for all files, one browser file at a time.
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/server-ready.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          // A <link> or <script> a component adds (the code stylesheet) is taken as loaded, not
          // fetched: there is no server, and a fetch cut off at teardown prints an AbortError.
          environmentOptions: { happyDOM: { settings: { disableCSSFileLoading: true, disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true } } },
          // A worker thread per file starts faster than a child process (about 0.3 s a file).
          pool: 'threads',
          setupFiles: ['tests/setup/testing-library.ts'],
          include: ['src/**/*.dom.test.ts', 'src/app/**/*.test.{ts,tsx}', 'src/views/**/*.test.{ts,tsx}', 'src/widgets/**/*.test.{ts,tsx}', 'tests/bundle/**/*.test.ts'],
        },
      },
    ],
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
