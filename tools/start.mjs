// `npm start`: builds only when dist/ is missing or older than what it is built from, then runs the
// compiled server. `npm run build` forces a rebuild.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const INPUT_DIRS = ['src', 'tools', 'assets'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'rollup.config.mjs', 'tsconfig.json', 'tsconfig.server.json'];
/** One file of each build step: the oldest of them is when dist/ was last built whole. */
const OUTPUTS = ['dist/server/main.js', 'dist/app/main.js', 'dist/widgets/ch.js'];

/** The newest modification time under `path` (a file or a directory), 0 when it does not exist. */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

/** Whether dist/ needs building: an output is missing, or a source changed after the oldest output. */
export function needsBuild(dir = root) {
  const outputs = OUTPUTS.map((file) => statSync(join(dir, file), { throwIfNoEntry: false })?.mtimeMs ?? 0);
  if (outputs.includes(0)) return true;
  const built = Math.min(...outputs);
  return [...INPUT_DIRS, ...INPUT_FILES].some((path) => newest(join(dir, path)) > built);
}

/**
 * Builds the two parts at once (the server's tsc emits without type checking: `npm run typecheck`
 * does that), saying what it is doing: each browser bundle as rollup finishes it, each part with
 * its time, and a line every 10 s while nothing else is said.
 */
async function build() {
  const started = performance.now();
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  let quietSince = performance.now();
  const say = (line) => {
    console.log(line);
    quietSince = performance.now();
  };
  const ticker = setInterval(() => {
    if (performance.now() - quietSince >= 10_000) say(`  still building… ${seconds()}`);
  }, 1000);
  const part = (name, script, onLine) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
      const output = [];
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream }).on('line', (line) => {
          output.push(line);
          onLine?.(line);
        });
      }
      child.on('close', (status) => {
        if (status === 0) say(`  ${name}: done in ${seconds()}`);
        else console.error(`  ${name}: failed\n${output.join('\n')}`);
        resolve(status === 0);
      });
    });
  const results = await Promise.all([
    part('server (tsc)', 'build:server'),
    // rollup reports each bundle as "created <file> in <time>" (colours stripped).
    part('app and widgets (rollup)', 'build:web', (line) => {
      const created = /created (\S+) in/.exec(stripVTControlCharacters(line));
      if (created) say(`  bundled ${created[1]} (${seconds()})`);
    }),
  ]);
  clearInterval(ticker);
  return results.every(Boolean);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (needsBuild()) {
    console.log(existsSync(join(root, 'dist')) ? 'Sources changed since the last build: building…' : 'First start: building the server and the browser bundles…');
    if (!(await build())) process.exit(1);
    console.log('Starting the server (a first start also prepares the database and the demo data)…');
  }
  // In this process, so signals reach the server itself.
  await import(pathToFileURL(join(root, 'dist/server/main.js')).href);
}
