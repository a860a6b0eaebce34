// Latencies of the load model by request kind, in HDR histograms (hdr-histogram-js: exact to 3
// significant digits at any percentile, constant memory however many requests a step makes).
import hdr from 'hdr-histogram-js';

// Microseconds, up to an hour: a request slower than that is a hang, recorded as an hour.
const HIGHEST_US = 3_600_000_000;
const histogram = () => hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: HIGHEST_US, numberOfSignificantValueDigits: 3 });

export class Latencies {
  /** @type {Map<string, { histogram: ReturnType<typeof histogram>, errors: number }>} */
  #kinds = new Map();

  /** One request of `kind` that took `ms`; `ok` false for an unexpected answer or a failure. */
  record(kind, ms, ok = true) {
    let entry = this.#kinds.get(kind);
    if (!entry) this.#kinds.set(kind, (entry = { histogram: histogram(), errors: 0 }));
    entry.histogram.recordValue(Math.min(HIGHEST_US, Math.max(1, Math.round(ms * 1000))));
    if (!ok) entry.errors += 1;
  }

  /** Each kind's count, errors and percentiles in milliseconds. */
  summary() {
    /** @type {Record<string, import('./service-level.mjs').KindSummary>} */
    const kinds = {};
    for (const [kind, { histogram: h, errors }] of [...this.#kinds].sort(([a], [b]) => a.localeCompare(b))) {
      const at = (percentile) => h.getValueAtPercentile(percentile) / 1000;
      kinds[kind] = { count: h.totalCount, errors, p50: at(50), p95: at(95), p99: at(99), max: h.maxValue / 1000 };
    }
    return kinds;
  }

  /** Starts a new window (a step, or a second of the timeline). */
  reset() {
    for (const { histogram: h } of this.#kinds.values()) h.destroy();
    this.#kinds.clear();
  }
}
