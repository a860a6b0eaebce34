// `npm start`: builds only when dist/ is missing or older than what it is built from, then runs the
// compiled server. `npm run build` forces a rebuild.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (needsBuild()) {
    console.log(existsSync(join(root, 'dist')) ? 'Sources changed since the last build: building…' : 'First start: building…');
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  // In this process, so signals reach the server itself.
  await import(pathToFileURL(join(root, 'dist/server/main.js')).href);
}
