// The service level of the load model (issue 27) and the knee: the most concurrent users at which
// it holds. A step holds when every request kind answers within p95 ≤ 200 ms and p99 ≤ 500 ms
// with no unexpected error (a non-2xx the script did not ask for, a dropped socket), and chat
// messages reach their sockets within 1 s at p99.

export const SERVICE_LEVEL = { p95: 200, p99: 500, deliveryP99: 1000 };

/**
 * @typedef {{ count: number, errors: number, p50: number, p95: number, p99: number, max: number }} KindSummary
 * @typedef {{ users: number, kinds: Record<string, KindSummary>, delivery?: KindSummary, dropped?: number }} Step
 */

/** What breaks the level in a step (empty when it holds), one line each. */
export function breaches(step, level = SERVICE_LEVEL) {
  const found = [];
  for (const [kind, summary] of Object.entries(step.kinds)) {
    if (summary.errors > 0) found.push(`${kind}: ${summary.errors} errors`);
    if (summary.p95 > level.p95) found.push(`${kind}: p95 ${summary.p95.toFixed(0)} ms > ${level.p95}`);
    if (summary.p99 > level.p99) found.push(`${kind}: p99 ${summary.p99.toFixed(0)} ms > ${level.p99}`);
  }
  if (step.delivery && step.delivery.count > 0 && step.delivery.p99 > level.deliveryP99) found.push(`chat delivery: p99 ${step.delivery.p99.toFixed(0)} ms > ${level.deliveryP99}`);
  if (step.dropped) found.push(`${step.dropped} sockets dropped`);
  return found;
}

/**
 * The knee of a ramp (steps in the order they ran, users rising): the users of the last step
 * before the first that broke the level; null when even the first broke it. A step that holds
 * after a broken one does not count: the service had already fallen behind.
 */
export function knee(steps, level = SERVICE_LEVEL) {
  let held = null;
  for (const step of steps) {
    if (breaches(step, level).length > 0) break;
    held = step.users;
  }
  return held;
}
