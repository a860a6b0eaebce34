// `npm run test:unit`: vitest twice at once, the browser tests (project e2e) beside the rest (with
// coverage). vitest runs files that must not share a worker (one browser file at a time) after all
// the others, and the browser tests spend much of their time waiting on Chromium and the server:
// one after the other took about 70 s longer on a 2-core machine. The browser run's output is
// printed when the other has finished, so the two do not interleave.
import { spawn } from 'node:child_process';

const vitest = ['node_modules/vitest/vitest.mjs', 'run'];
const color = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};

function run(args, { buffered }) {
  const child = spawn(process.execPath, [...vitest, ...args], { stdio: ['ignore', buffered ? 'pipe' : 'inherit', buffered ? 'pipe' : 'inherit'], env: { ...process.env, ...color } });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  const code = new Promise((resolve) => child.on('close', (status, signal) => resolve(status ?? (signal ? 1 : 0))));
  return { code, output: () => Buffer.concat(output) };
}

const browser = run(['--project', 'e2e'], { buffered: true });
const rest = run(['--coverage', '--project', 'node', '--project', 'dom', '--project', 'server'], { buffered: false });
const restCode = await rest.code;
const browserCode = await browser.code;
process.stdout.write(browser.output());
process.exitCode = restCode || browserCode;
