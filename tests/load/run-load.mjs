// `npm run loadtest`: the load model (issue 27) against the built server in a process of its own,
// on the embedded database (default) or PostgreSQL, seeded at scale once and reused. Prints a table
// per step and the knee, and writes an HTML report under reports/.
//
//   npm run loadtest                                   PGlite in .load/pglite
//   npm run loadtest -- --db postgres                  postgres://postgres@127.0.0.1:5432/coursehub_load
//   npm run loadtest -- --db postgres --url postgres://…/db --steps 1000,2000,3000 --ramp 60 --hold 60
//   npm run loadtest -- --scale small --steps 25 --ramp 5 --hold 20 --think 1-3   (about the smoke)
//   --keep-going runs every step even after the level broke; --mix student:80,anonymous:14,…;
//   --profile DIR writes the server's CPU profile (--cpu-prof) there
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { needsBuild } from '../../tools/start.mjs';
import { journeys } from './journeys.mjs';
import { prepareLoadData } from './load-data.mjs';
import { htmlReport, kindsTable, stepsTable } from './load-report.mjs';
import { runLoad } from './load-run.mjs';
import { usageSampler } from './process-usage.mjs';
import { FULL_SCALE } from './seed-scale.mjs';
import { MIX } from './arrivals.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The smoke's data: the full shape, small (npm test runs it for 30 s). */
export const SMALL_SCALE = { schools: 3, students: 400, groupSize: 50, modules: 4, lessonsPerModule: 50, done: 10, messagesPerChat: 10, smallStudents: 10 };

const DEFAULT_STEPS = { pglite: '250,500,750,1000,1250,1500,2000', postgres: '1000,2000,3000,4000,5000,6000,7000,8000' };

/** Runs the load model with `args` (the command line's); returns the run and the report's path. */
export async function loadtest(args, { log = console.log } = {}) {
  const { values } = parseArgs({
    args,
    options: {
      db: { type: 'string', default: 'pglite' },
      url: { type: 'string', default: process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/coursehub_load' },
      'data-dir': { type: 'string', default: join(root, '.load') },
      scale: { type: 'string', default: 'full' },
      steps: { type: 'string' },
      ramp: { type: 'string', default: '60' },
      hold: { type: 'string', default: '60' },
      think: { type: 'string', default: '5-15' },
      mix: { type: 'string' },
      'keep-going': { type: 'boolean', default: false },
      profile: { type: 'string' },
      out: { type: 'string', default: join(root, 'reports') },
    },
  });
  if (values.db !== 'pglite' && values.db !== 'postgres') throw new Error('--db is pglite or postgres');
  const scale = values.scale === 'small' ? SMALL_SCALE : FULL_SCALE;
  const steps = (values.steps ?? DEFAULT_STEPS[values.db]).split(',').map(Number);
  const [thinkMin, thinkMax] = values.think.split('-').map((seconds) => Number(seconds) * 1000);
  // student:80,anonymous:14,teacher:5,admin:1 by default (arrivals.mjs).
  const mix = values.mix ? Object.fromEntries(values.mix.split(',').map((part) => part.split(':')).map(([role, share]) => [role, Number(share)])) : MIX;
  const settings = { db: values.db, scale, steps, rampSeconds: Number(values.ramp), holdSeconds: Number(values.hold), thinkSeconds: values.think, mix, keepGoing: values['keep-going'] };

  if (needsBuild(root)) {
    log('building (npm run build)…');
    if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) throw new Error('the build failed');
  }

  // PGlite's seed and the run's copy live under --data-dir (the server's DATA_DIR is the copy's);
  // on PostgreSQL the hand-ins' files go to a scratch directory.
  const target = values.db === 'pglite' ? { kind: 'pglite', dataDir: join(resolve(values['data-dir']), 'pglite') } : { kind: 'postgres', url: values.url };
  log(`database: ${values.db === 'pglite' ? resolve(values['data-dir']) : values.url}`);
  const data = await prepareLoadData(target, scale);
  log(data.seeded ? `seeded in ${(data.seedMs / 1000).toFixed(0)} s: ${JSON.stringify(data.counts)}` : `a fresh copy of the seeded data: ${JSON.stringify(data.counts)}`);
  const dataDir = data.serverDataDir ?? mkdtempSync(join(tmpdir(), 'ch-load-'));

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer({ port, origin, dataDir, databaseUrl: values.db === 'postgres' ? values.url : null, profileDir: values.profile });
  if (values.profile) log(`the server's CPU profile goes to ${values.profile} when it stops`);
  const startedAt = new Date().toISOString().slice(0, 19);
  try {
    const result = await runLoad({
      origin,
      steps,
      rampMs: settings.rampSeconds * 1000,
      holdMs: settings.holdSeconds * 1000,
      think: [thinkMin, thinkMax],
      mix,
      keepGoing: values['keep-going'],
      journeys: journeys({ school: data.school, courseId: data.courseId, scale }),
      sampler: usageSampler({ serverPid: server.pid }),
      log,
    });
    const run = { database: values.db, cores: availableParallelism(), startedAt, settings, ...result };
    log(`\n${stepsTable(run)}`);
    const last = run.steps.at(-1);
    if (last) log(`\nthe last step (${last.users} users) per request kind:\n${kindsTable(last)}`);
    mkdirSync(values.out, { recursive: true });
    const report = join(values.out, `load-${values.db}-${startedAt.replaceAll(':', '-')}.html`);
    writeFileSync(report, htmlReport(run));
    log(`\nreport: ${report}`);
    return { run, report };
  } finally {
    await server.stop();
    if (values.db === 'postgres') rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A port free on the loopback interface right now. */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/** The built server in a process of its own; resolves once it answers its health check. */
async function startServer({ port, origin, dataDir, databaseUrl, profileDir }) {
  const env = { ...process.env, PORT: String(port), PUBLIC_URL: origin, DATA_DIR: dataDir, DEMO: '0', SEED_DEMO: '0', RATE_LIMIT: '0', LOG_LEVEL: 'warn' };
  // The load comes from one address: the per-address limits would stop it, not the server.
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', resolve(profileDir)] : [];
  const child = spawn(process.execPath, [...profile, join(root, 'dist/server/main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  const limit = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server ended at start:\n${Buffer.concat(output)}`);
    try {
      if ((await fetch(`${origin}/api/health/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > limit) throw new Error(`the server did not answer in 5 minutes:\n${Buffer.concat(output)}`);
    await new Promise((done) => setTimeout(done, 200));
  }
  return {
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      const errors = String(Buffer.concat(output)).split('\n').filter((line) => /"level":(50|60)/.test(line));
      if (errors.length) console.error(`the server logged ${errors.length} errors, the first:\n${errors.slice(0, 5).join('\n')}`);
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  loadtest(process.argv.slice(2)).then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
