// The load model's engine (issue 27): an open model. Sessions arrive on a schedule whatever the
// server does (arrivals.mjs), each runs its role's journey with think time until the run ends, so
// the concurrent users of a step are the sessions that arrived so far. Each step ramps to its
// users and holds them; its latencies per request kind, chat delivery times, dropped sockets and
// CPU decide whether the service level holds (service-level.mjs). The run stops after the first
// step that breaks it. A request's latency counts from when the session meant to send it, so a
// server that falls behind is seen as slow, not hidden by fewer requests.
import { setMaxListeners } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { Pool } from 'undici';
import WebSocket from 'ws';
import { arrivalTimes, MIX, random, roles, thinkTime } from './arrivals.mjs';
import { Latencies } from './latencies.mjs';
import { breaches } from './service-level.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {object} options
 * @param {string} options.origin the server, e.g. http://127.0.0.1:8080
 * @param {number[]} options.steps concurrent users of each step, rising
 * @param {number} options.rampMs how long a step takes to add its users
 * @param {number} options.holdMs how long it holds them once added
 * @param {Record<string, (session: object) => Promise<void>>} options.journeys one per role of MIX
 * @param {{ take(): object }} options.sampler CPU and memory once a second (process-usage.mjs)
 * @param {[number, number]} [options.think] think time between steps, ms
 * @param {Record<string, number>} [options.mix] the roles' shares of arriving sessions
 * @param {boolean} [options.keepGoing] runs every step, even after one broke the level (to see how far each kind goes)
 * @param {(line: string) => void} [options.log]
 */
export async function runLoad({ origin, steps, rampMs, holdMs, journeys, sampler, think = [5_000, 15_000], mix = MIX, keepGoing = false, log = () => undefined }) {
  // Every session has its own connections in a browser; here they share a pool large enough that
  // a request never waits for a free one unless the server is the one not answering.
  const pool = new Pool(origin, { connections: 2_000, keepAliveTimeout: 30_000 });
  const wsOrigin = origin.replace(/^http/, 'ws');
  const stepLatencies = new Latencies();
  const secondLatencies = new Latencies();
  const delivery = new Latencies();
  const sent = new Map(); // a chat message's marker → when it was sent
  const sockets = new Set();
  const sessions = new Set();
  const timeline = [];
  const startedAt = performance.now();
  let running = true;
  const ending = new AbortController(); // cuts the sessions' think times short at the end
  setMaxListeners(0, ending.signal); // one listener per session thinking
  let dropped = 0;
  let arrived = 0;

  /** One HTTP request of `kind`; `expect` lists the statuses the script counts as right. */
  async function http(kind, method, path, { token, body, form, expect = [200, 201, 204] } = {}) {
    const started = performance.now();
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    let payload;
    if (form) payload = form;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    try {
      const answer = await pool.request({ method, path, headers, body: payload });
      const text = await answer.body.text();
      const ok = expect.includes(answer.statusCode);
      record(kind, performance.now() - started, ok);
      return { status: answer.statusCode, ok, json: text && answer.headers['content-type']?.includes('json') ? JSON.parse(text) : null };
    } catch (error) {
      record(kind, performance.now() - started, false);
      return { status: 0, ok: false, json: null, error };
    }
  }
  function record(kind, ms, ok) {
    stepLatencies.record(kind, ms, ok);
    secondLatencies.record('all', ms, ok);
  }

  /**
   * The chat socket a student holds for the whole session: the first frame signs it in; messages
   * sent by the run are timed to their arrival. A close the protocol asks a client to recover from
   * (4401: the token expired; 1012: the server restarts or skipped messages) reconnects with the
   * current token; any other close while the run goes on is a dropped socket.
   */
  function socket(path, token) {
    const ws = new WebSocket(`${wsOrigin}${path}`);
    sockets.add(ws);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: token() })));
    ws.on('message', (data) => {
      const text = String(data);
      if (!text.startsWith('{"type":"message"')) return;
      for (const [marker, at] of sent) if (text.includes(marker)) delivery.record('delivery', performance.now() - at);
    });
    ws.on('error', () => undefined);
    ws.on('close', (code) => {
      sockets.delete(ws);
      if (!running) return;
      if (code === 4401 || code === 1012) socket(path, token);
      else dropped += 1;
    });
  }

  /** A marker to put in a chat message's text; delivery counts from now. */
  function markMessage() {
    const marker = `#load-${arrived}-${Math.round(performance.now())}-${sent.size}`;
    sent.set(marker, performance.now());
    return marker;
  }

  function startSession(index, role) {
    const next = random(index + 1);
    const session = {
      index,
      role,
      next,
      http,
      socket,
      markMessage,
      get running() {
        return running;
      },
      /** Waits a think time; false once the run is over. */
      async think() {
        await delay(thinkTime(next, ...think), undefined, { signal: ending.signal }).catch(() => undefined);
        return running;
      },
    };
    const done = journeys[role](session)
      .catch((error) => {
        if (!running) return;
        stepLatencies.record(`${role}: journey failed`, 0, false);
        log(`${role} session ${index}: ${error.message}`);
      })
      .finally(() => sessions.delete(done));
    sessions.add(done);
  }

  // One point a second for the report's charts.
  const ticker = setInterval(() => {
    const all = secondLatencies.summary().all;
    secondLatencies.reset();
    const usage = sampler.take();
    currentStepUsage.push(usage);
    timeline.push({ second: Math.round((performance.now() - startedAt) / 1000), users: arrived, rate: all?.count ?? 0, p50: all?.p50, p95: all?.p95, p99: all?.p99, errors: all?.errors ?? 0, ...usage });
    // Messages older than a minute will not be delivered any more; forget them.
    for (const [marker, at] of sent) if (performance.now() - at > 60_000) sent.delete(marker);
  }, 1_000);
  let currentStepUsage = [];

  const results = [];
  const order = roles(steps.at(-1) ?? 0, mix);
  let users = 0;
  try {
    // A warm-up, not judged: the first step's users arrive over one ramp while the server's code
    // warms up (its first seconds are slow everywhere), then the first step holds them.
    for (const [index, target] of [steps[0], ...steps].entries()) {
      const warmUp = index === 0;
      const stepStarted = performance.now();
      stepLatencies.reset();
      delivery.reset();
      currentStepUsage = [];
      dropped = 0;
      for (const at of arrivalTimes({ from: users, to: target, rampMs, next: random(target) })) {
        const wait = stepStarted + at - performance.now();
        if (wait > 0) await sleep(wait);
        startSession(arrived, order[arrived]);
        arrived += 1;
      }
      users = target;
      if (warmUp) {
        await sleep(Math.max(0, stepStarted + rampMs - performance.now()));
        log(`warm-up: ${target} users arrived`);
        continue;
      }
      await sleep(Math.max(0, stepStarted + rampMs + holdMs - performance.now()));
      const seconds = (performance.now() - stepStarted) / 1000;
      const kinds = stepLatencies.summary();
      const count = Object.values(kinds).reduce((sum, kind) => sum + kind.count, 0);
      const average = (key) => currentStepUsage.reduce((sum, usage) => sum + usage[key], 0) / Math.max(1, currentStepUsage.length);
      const step = {
        users: target,
        seconds,
        rate: count / seconds,
        kinds,
        delivery: delivery.summary().delivery,
        dropped,
        cpu: { server: average('server'), database: average('database'), generator: average('generator'), machine: average('machine'), serverRssMb: Math.max(0, ...currentStepUsage.map((usage) => usage.serverRssMb)) },
      };
      results.push(step);
      const broken = breaches(step);
      log(`${target} users: ${count} requests in ${seconds.toFixed(0)} s, ${broken.length ? `broken (${broken.join('; ')})` : 'holds'}`);
      if (broken.length && !keepGoing) break;
    }
  } finally {
    running = false;
    ending.abort();
    clearInterval(ticker);
    for (const ws of sockets) ws.close();
    // Sessions end at once; a request in flight gets a minute.
    await Promise.race([Promise.allSettled(sessions), sleep(60_000)]);
    await pool.close();
  }
  return { steps: results, timeline };
}
