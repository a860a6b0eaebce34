// Measures the widgets as a browser downloads them: gzip size of each built file, and of what a
// page fetches for one widget (loader + the widget's entry + every chunk it imports) and for all
// five. Used by the budget test and by `npm run sizes` (which prints the README table).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

export const WIDGET_NAMES = ['course-catalog', 'certificate', 'tariffs', 'webinar', 'course-landing'];
export const BUDGETS = { loader: 1536, firstWidget: 25 * 1024, allWidgets: 60 * 1024 };

const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The file and every file it imports statically, transitively (minified ESM: from"./x.js" / import"./x.js"). */
export function importClosure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    importClosure(join(dirname(file), match[1]), seen);
  }
  return seen;
}

export function measureWidgets(dir = 'dist/widgets') {
  if (!existsSync(join(dir, 'ch.js'))) throw new Error(`no built widgets in ${dir}: run npm run build`);
  const loader = gzipSize(join(dir, 'ch.js'));
  const all = new Set();
  const widgets = WIDGET_NAMES.map((name) => {
    const files = importClosure(join(dir, `${name}.js`));
    files.forEach((file) => all.add(file));
    const own = gzipSize(join(dir, `${name}.js`));
    const total = loader + [...files].reduce((sum, file) => sum + gzipSize(file), 0);
    return { name, own, firstOnPage: total, files: [...files].map((f) => relative(dir, f)) };
  });
  const allWidgets = loader + [...all].reduce((sum, file) => sum + gzipSize(file), 0);
  return { loader, widgets, allWidgets };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = measureWidgets();
  console.log('| widget | its own entry | first on a page (loader + runtime + widget) |');
  console.log('|---|---|---|');
  for (const w of sizes.widgets) console.log(`| \`<ch-${w.name}>\` | ${kb(w.own)} | ${kb(w.firstOnPage)} |`);
  console.log(`| loader \`ch.js\` | ${kb(sizes.loader)} | |`);
  console.log(`| all five on one page | | ${kb(sizes.allWidgets)} |`);
}
