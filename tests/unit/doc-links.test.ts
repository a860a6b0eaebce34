// Every relative link of the README and docs/ leads to a file that exists and, into a markdown file,
// to a heading it has: the docs are read by following their links.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { anchors, brokenLinks, documentationFiles, linkTargets, slug } from '../../tools/doc-links.mjs';

describe('the README and docs/', () => {
  it('have no broken relative link', () => {
    const files = documentationFiles();
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap((file) => brokenLinks(file))).toEqual([]);
  });
});

describe('doc-links', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });

  it('reports a missing file and a missing heading, and passes what exists', () => {
    root = mkdtempSync(join(tmpdir(), 'doc-links-'));
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'docs', 'a.md'), '# A\n\n## Where new code goes\n');
    writeFileSync(
      join(root, 'README.md'),
      [
        '[ok](docs/a.md) [ok](docs/a.md#where-new-code-goes) [ok](docs/) [ok](#top) [web](https://example.com/x.md)',
        '[gone](docs/b.md) [wrong](docs/a.md#feature-order) [self](#nowhere)',
        '`[code](docs/c.md)`',
        '```',
        '[fenced](docs/d.md)',
        '```',
        '# Top',
      ].join('\n'),
    );
    expect(documentationFiles(root)).toHaveLength(2);
    expect(brokenLinks(join(root, 'README.md'), root)).toEqual([
      'README.md: docs/b.md (no such file)',
      'README.md: docs/a.md#feature-order (no such heading in docs/a.md)',
      'README.md: #nowhere (no such heading in README.md)',
    ]);
  });

  it('makes anchors as GitHub does', () => {
    expect(slug('Measured speed and memory')).toBe('measured-speed-and-memory');
    expect(slug('0013. `Sessions` and «view as»: [read-only](x.md)')).toBe('0013-sessions-and-view-as-read-only');
    expect(slug('Настройки школы')).toBe('настройки-школы');
    expect([...anchors('# Limits\n## Limits\n```\n# not a heading\n```')]).toEqual(['limits', 'limits-1']);
    expect(linkTargets('![logo](a.png) [x](<b c.md>) [y](d.md "title")')).toEqual(['a.png', 'b c.md', 'd.md']);
  });
});
