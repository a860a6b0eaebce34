// Unmounts what a component test rendered (vitest runs without globals, so no automatic cleanup),
// and lets findBy… and waitFor wait up to 15 s for their condition: a limit for a condition that
// never comes, not a pace to keep (4 s failed a settings test when other work loaded the 2 cores;
// a met condition still returns at once). Tests may take 30 s (vitest.config.ts).
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

configure({ asyncUtilTimeout: 15_000 });
afterEach(cleanup);
