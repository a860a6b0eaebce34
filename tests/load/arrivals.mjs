// The open model's arrivals (issue 27): new sessions come at set times whatever the server does
// (nobody waits for an answer before arriving), and each arriving session takes a role so that the
// mix holds at every moment, not only on average. Deterministic: the same run arrives the same way.

/** The mix of arriving sessions, in percent. */
export const MIX = { student: 80, anonymous: 14, teacher: 5, admin: 1 };

/** A small seeded generator (mulberry32): think times and jitter repeat from run to run. */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The roles of `count` arriving sessions in order, by smooth weighted round-robin: after any prefix
 * each role's share is within one session of its weight's.
 */
export function roles(count, mix = MIX) {
  const entries = Object.entries(mix);
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  const current = new Map(entries.map(([role]) => [role, 0]));
  const out = [];
  for (let i = 0; i < count; i += 1) {
    let best = entries[0][0];
    for (const [role, weight] of entries) {
      current.set(role, current.get(role) + weight);
      if (current.get(role) > current.get(best)) best = role;
    }
    current.set(best, current.get(best) - total);
    out.push(best);
  }
  return out;
}

/**
 * When the sessions of a step arrive, in ms from the step's start: the users it adds (to − from),
 * spread evenly over the ramp with up to half a gap of jitter, in order.
 */
export function arrivalTimes({ from, to, rampMs, next = random(1) }) {
  const added = Math.max(0, to - from);
  if (added === 0) return [];
  const gap = rampMs / added;
  return Array.from({ length: added }, (_, i) => Math.max(0, Math.min(rampMs, (i + 0.5) * gap + (next() - 0.5) * gap)));
}

/** A think time between a session's steps: uniform in [min, max] ms. */
export const thinkTime = (next, min = 5_000, max = 15_000) => min + next() * (max - min);
