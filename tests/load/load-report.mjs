// The load run's report (issue 27): a table in the terminal, one row per step, and a
// self-contained HTML page (uPlot and its stylesheet inlined: it opens from disk, offline) with
// latency, throughput and CPU over time, written under reports/.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { breaches, knee } from './service-level.mjs';

const require = createRequire(import.meta.url);
const uplotDir = require.resolve('uplot/package.json').replace(/package\.json$/, 'dist/');

const ms = (value) => (value === undefined ? '' : value < 10 ? value.toFixed(1) : value.toFixed(0));
const percent = (cores) => `${Math.round(cores * 100)}%`;

/** The slowest kind of a step at p99, with its p95 and p99. */
function slowest(step) {
  let worst = null;
  for (const [kind, summary] of Object.entries(step.kinds)) if (!worst || summary.p99 > worst.summary.p99) worst = { kind, summary };
  return worst;
}

/** The terminal's table: one row per step and the knee under it. */
export function stepsTable(run) {
  const head = ['users', 'req/s', 'errors', 'slowest p95/p99 ms', 'delivery p99', 'server CPU', 'DB CPU', 'generator CPU', 'machine', 'server RSS', 'level'];
  const rows = run.steps.map((step) => {
    const worst = slowest(step);
    const errors = Object.values(step.kinds).reduce((sum, kind) => sum + kind.errors, 0);
    const broken = breaches(step);
    return [
      String(step.users),
      step.rate.toFixed(0),
      String(errors),
      worst ? `${worst.kind} ${ms(worst.summary.p95)}/${ms(worst.summary.p99)}` : '',
      step.delivery?.count ? `${ms(step.delivery.p99)} ms` : '',
      percent(step.cpu.server),
      run.database === 'postgres' ? percent(step.cpu.database) : 'in server',
      percent(step.cpu.generator),
      percent(step.cpu.machine),
      `${Math.round(step.cpu.serverRssMb)} MB`,
      broken.length ? `broken: ${broken.slice(0, 2).join('; ')}` : 'holds',
    ];
  });
  const widths = head.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ');
  const found = knee(run.steps);
  return [
    line(head),
    ...rows.map(line),
    '',
    `knee: ${found === null ? 'none (the first step broke the level)' : `${found} concurrent users`} on ${run.database}; CPU in cores of ${run.cores} (100% = one core busy), the generator shares them`,
  ].join('\n');
}

const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** The HTML report: the run's settings, the step table and three charts over time. */
export function htmlReport(run) {
  const script = readFileSync(`${uplotDir}uPlot.iife.min.js`, 'utf8');
  const style = readFileSync(`${uplotDir}uPlot.min.css`, 'utf8');
  const table = stepsTable(run);
  // Data for the charts, one point a second: </script> cannot appear in JSON of numbers.
  const series = JSON.stringify(run.timeline);
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><title>CourseHub: нагрузка ${escape(run.database)} ${escape(run.startedAt)}</title>
<style>${style}
body{font:14px system-ui,sans-serif;margin:24px;color:#1a1a1a}pre{background:#f5f5f5;padding:12px;overflow:auto}h2{margin-top:32px}</style></head>
<body>
<h1>Нагрузка: ${escape(run.database)}, ${escape(run.startedAt)}</h1>
<p>Knee: <strong>${escape(knee(run.steps) ?? 'none')}</strong> concurrent users. Service level: p95 ≤ 200 ms and p99 ≤ 500 ms per request kind, no unexpected error, chat delivery p99 ≤ 1 s.
The load generator runs on the same ${run.cores} cores as the server${run.database === 'postgres' ? ' and PostgreSQL' : ''}: its CPU is shown beside theirs.</p>
<pre>${escape(JSON.stringify(run.settings, null, 2))}</pre>
<h2>Steps</h2><pre>${escape(table)}</pre>
<h2>Per request kind</h2>${run.steps.map((step) => `<h3>${step.users} users</h3><pre>${escape(kindsTable(step))}</pre>`).join('')}
<h2>Over time</h2><div id="users"></div><div id="latency"></div><div id="cpu"></div>
<script>${script}</script>
<script>
const t = ${series};
const x = t.map((p) => p.second);
const col = (key) => t.map((p) => p[key] ?? null);
const opts = (title, series) => ({ title, width: Math.min(1100, innerWidth - 48), height: 280, scales: { x: { time: false } }, axes: [{ label: 'seconds since the start' }, {}], series: [{ label: 's' }, ...series] });
new uPlot(opts('Users and requests per second', [{ label: 'users', stroke: '#2a6fdb' }, { label: 'req/s', stroke: '#d9822b' }]), [x, col('users'), col('rate')], document.getElementById('users'));
new uPlot(opts('Latency, ms (all kinds)', [{ label: 'p50', stroke: '#3a9d5d' }, { label: 'p95', stroke: '#d9822b' }, { label: 'p99', stroke: '#c23030' }]), [x, col('p50'), col('p95'), col('p99')], document.getElementById('latency'));
new uPlot(opts('CPU, cores', [{ label: 'server', stroke: '#2a6fdb' }, { label: 'database', stroke: '#8e44ad' }, { label: 'generator', stroke: '#d9822b' }, { label: 'machine', stroke: '#555' }]), [x, col('server'), col('database'), col('generator'), col('machine')], document.getElementById('cpu'));
</script>
</body></html>
`;
}

/** A step's figures per request kind. */
export function kindsTable(step) {
  const rows = Object.entries(step.kinds).map(([kind, s]) => [kind, String(s.count), String(s.errors), ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max)]);
  if (step.delivery?.count) rows.push(['chat delivery', String(step.delivery.count), '', ms(step.delivery.p50), ms(step.delivery.p95), ms(step.delivery.p99), ms(step.delivery.max)]);
  const head = ['kind', 'count', 'errors', 'p50', 'p95', 'p99', 'max'];
  const widths = head.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  return [head, ...rows].map((cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')).join('\n');
}
