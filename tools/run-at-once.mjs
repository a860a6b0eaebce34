// `node tools/run-at-once.mjs a b c`: runs the npm scripts a, b and c at the same time and fails
// when any of them fails. The first one's output is shown as it comes; each other's is held and
// shown whole when the one before it has been shown, so outputs never interleave. `npm test` runs
// everything after the build at once: the browser tests are the longest chain (one file at a time,
// much of it waiting on Chromium and the server), so they start first and the lint, the type check
// and the other tests fill the cores beside them.
import { spawn } from 'node:child_process';

const npm = process.env.npm_execpath;
const color = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};

function run(script, live) {
  const [command, args] = npm ? [process.execPath, [npm, 'run', script]] : ['npm', ['run', script]];
  const child = spawn(command, args, { stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'], env: { ...process.env, ...color } });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  const code = new Promise((resolve) => child.on('close', (status, signal) => resolve(status ?? (signal ? 1 : 0))));
  return { script, code, output: () => Buffer.concat(output) };
}

const runs = process.argv.slice(2).map((script, index) => run(script, index === 0));
let failed = false;
for (const { script, code, output } of runs) {
  const status = await code;
  process.stdout.write(output());
  if (status !== 0) {
    failed = true;
    console.error(`npm run ${script} failed (exit code ${status})`);
  }
}
process.exitCode = failed ? 1 : 0;
