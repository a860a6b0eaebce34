// Unmounts what a component test rendered (vitest runs without globals, so no automatic cleanup).
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);
