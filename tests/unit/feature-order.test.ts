// The features' order (tools/eslint/feature-order.mjs) as the lint rule applies it: a feature
// imports only features of lower layers; tables.ts → tables.ts (foreign keys) stays allowed.
import { readdirSync } from 'node:fs';
import { RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';
import featureBoundaries from '../../tools/eslint/feature-boundaries.mjs';
import { APP_LAYERS, SERVER_LAYERS } from '../../tools/eslint/feature-order.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } });
const code = (source: string) => `import { a } from '${source}';\nexport const b = a;`;
const server = (file: string) => `src/server/features/${file}`;

describe('feature order', () => {
  tester.run('feature-boundaries', featureBoundaries, {
    valid: [
      { name: 'a feature → one of a lower layer', filename: server('learning/x.ts'), code: code('../courses/index.ts') },
      { name: 'tables.ts → a higher feature’s tables.ts', filename: server('courses/tables.ts'), code: code('../homework/tables.ts') },
      { name: 'the composition root → any feature', filename: 'src/server/feature-routes.ts', code: code('./features/chats/index.ts') },
      { name: 'an app feature → a lower one', filename: 'src/app/features/settings/x.tsx', code: code('../sales/index.ts') },
    ],
    invalid: [
      {
        name: 'a back import, to a higher layer',
        filename: server('schools/x.ts'),
        code: code('../accounts/index.ts'),
        errors: [
          {
            message:
              "'schools' (layer 1) must not import 'accounts' (layer 2): a feature imports only features of lower layers (tools/eslint/feature-order.mjs); let the higher area call down or subscribe to an event.",
          },
        ],
      },
      { name: 'an import within one layer', filename: server('statistics/x.ts'), code: code('../rating/index.ts'), errors: [{ messageId: 'order' }] },
      { name: 'a lazy back import', filename: server('homework/x.ts'), code: 'export const t = () => import("../telegram/index.ts");', errors: [{ messageId: 'order' }] },
      { name: 'a back import in the app', filename: 'src/app/features/telegram/x.tsx', code: code('../accounts/index.ts'), errors: [{ messageId: 'order' }] },
      { name: 'a feature without a layer', filename: server('quizzes/x.ts'), code: code('../courses/index.ts'), errors: [{ messageId: 'unlisted' }] },
      { name: 'a non-tables file → a higher feature’s tables', filename: server('courses/x.ts'), code: code('../chats/tables.ts'), errors: [{ messageId: 'order' }] },
    ],
  });

  it.each([
    ['server', SERVER_LAYERS],
    ['app', APP_LAYERS],
  ] as const)('gives every %s feature folder exactly one layer', (side, layers) => {
    const folders = readdirSync(`src/${side}/features`, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    const listed = layers.flat();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(folders.sort());
  });
});
