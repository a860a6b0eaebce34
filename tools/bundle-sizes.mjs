// Measures the widgets as a browser receives them: the server sends each built file as the .br
// twin the build wrote (gzip's .gz to browsers without brotli), so these are the sizes of those
// twins, for each file and for what a page fetches for one widget (loader + the widget's entry +
// every chunk it imports) and for all five. Used by the budget test and by `npm run sizes` (which
// prints the table of docs/performance.md).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export const WIDGET_NAMES = ['course-catalog', 'certificate', 'tariffs', 'webinar', 'course-landing'];
export const BUDGETS = { loader: 1536, firstWidget: 25 * 1024, allWidgets: 60 * 1024 };

/** Bytes a file travels as in an encoding ('br' or 'gz'): the size of its precompressed twin. */
export function transferSize(file, encoding = 'br') {
  const twin = `${file}.${encoding}`;
  if (!existsSync(twin)) throw new Error(`${twin} is missing: the build writes it (tools/precompress.mjs)`);
  return statSync(twin).size;
}

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

export function measureWidgets(dir = 'dist/widgets', encoding = 'br') {
  if (!existsSync(join(dir, 'ch.js'))) throw new Error(`no built widgets in ${dir}: run npm run build`);
  const size = (file) => transferSize(file, encoding);
  const loader = size(join(dir, 'ch.js'));
  const all = new Set();
  const widgets = WIDGET_NAMES.map((name) => {
    const files = importClosure(join(dir, `${name}.js`));
    files.forEach((file) => all.add(file));
    const own = size(join(dir, `${name}.js`));
    const total = loader + [...files].reduce((sum, file) => sum + size(file), 0);
    return { name, own, firstOnPage: total, files: [...files].map((f) => relative(dir, f)) };
  });
  const allWidgets = loader + [...all].reduce((sum, file) => sum + size(file), 0);
  return { loader, widgets, allWidgets };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const br = measureWidgets();
  const gz = measureWidgets('dist/widgets', 'gz');
  console.log('| widget | its own entry (br / gzip) | first on a page: loader + runtime + widget (br / gzip) |');
  console.log('|---|---|---|');
  br.widgets.forEach((w, i) => console.log(`| \`<ch-${w.name}>\` | ${kb(w.own)} / ${kb(gz.widgets[i].own)} | ${kb(w.firstOnPage)} / ${kb(gz.widgets[i].firstOnPage)} |`));
  console.log(`| loader \`ch.js\` | ${kb(br.loader)} / ${kb(gz.loader)} | |`);
  console.log(`| all five on one page | | ${kb(br.allWidgets)} / ${kb(gz.allWidgets)} |`);
}
