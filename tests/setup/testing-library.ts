// Unmounts what a component test rendered (vitest runs without globals, so no automatic cleanup),
// and lets findBy… and waitFor wait up to 4 s for their condition (the default 1 s is too short
// for a lazily imported editor on a busy 2-core machine; a met condition still returns at once).
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

configure({ asyncUtilTimeout: 4000 });
afterEach(cleanup);
