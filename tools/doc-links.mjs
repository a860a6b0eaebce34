// Finds the relative links of markdown files that lead nowhere: a file or folder that does not exist,
// or a #anchor that names no heading of the markdown file it points into. Used by
// tests/unit/doc-links.test.ts on README.md and docs/ so moving or renaming a page breaks a test, not
// a reader's click.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Markdown without its fenced code blocks and inline code spans, where a link is only text. */
function withoutCode(markdown) {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/(`+)[\s\S]*?\1/g, '');
}

/** The targets of the [text](target) links and images of a markdown text. */
export function linkTargets(markdown) {
  return [...withoutCode(markdown).matchAll(/!?\[[^\]]*\]\(\s*(?:<([^>]+)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1] ?? match[2]);
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor of a markdown text, a repeated heading numbered as GitHub does (x, x-1, x-2). */
export function anchors(markdown) {
  const seen = new Map();
  const found = new Set();
  for (const match of withoutCode(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}

/** The broken relative links of one markdown file, as "file: target (why)". */
export function brokenLinks(file, root = process.cwd()) {
  const broken = [];
  const name = relative(root, file);
  for (const target of linkTargets(readFileSync(file, 'utf8'))) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto: …: not ours to check
    const [path, anchor] = target.split('#', 2);
    const to = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
    if (!existsSync(to)) {
      broken.push(`${name}: ${target} (no such file)`);
    } else if (anchor !== undefined && to.endsWith('.md') && !anchors(readFileSync(to, 'utf8')).has(decodeURIComponent(anchor))) {
      broken.push(`${name}: ${target} (no such heading in ${relative(root, to)})`);
    }
  }
  return broken;
}

/** README.md and every markdown file under docs/. */
export function documentationFiles(root = process.cwd()) {
  const files = [join(root, 'README.md')];
  const walk = (dir) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.md')) files.push(path);
    }
  };
  if (existsSync(join(root, 'docs'))) walk(join(root, 'docs'));
  return files;
}
