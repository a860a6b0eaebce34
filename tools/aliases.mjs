// The "#core" imports of package.json point at the sources (condition "source") for the
// type checker; bundlers and vitest get the same mapping as plain aliases.
import { fileURLToPath } from 'node:url';

const core = fileURLToPath(new URL('../src/core/', import.meta.url));

export const aliases = [
  { find: /^#core$/, replacement: `${core}index.ts` },
  { find: /^#core\/(.+)$/, replacement: `${core}$1.ts` },
];
