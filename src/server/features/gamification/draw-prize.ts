// The draw of a box opening, a pure function of its recorded seed: the same seed, prizes and count
// give the same outcome, so every opening in box_openings can be replayed and audited.

/** A prize as the draw sees it. */
export interface DrawPrize {
  id: number;
  /** 0–10000: hundredths of a percent. */
  drop_chance_bp: number;
  /** Every N-th opening of the box gives this prize; null: never guaranteed. */
  guaranteed_box_count: number | null;
}

export type DrawOutcome = { outcome: 'guaranteed' | 'won'; prizeId: number } | { outcome: 'nothing'; prizeId: null };

/** The seed's roll, 0–9999: its first 48 bits modulo 10000 (the bias is below 10⁻¹⁰). */
export function seedRoll(seed: Uint8Array): number {
  if (seed.length < 6) throw new RangeError('seed must have at least 6 bytes');
  let value = 0;
  for (let i = 0; i < 6; i += 1) value = value * 256 + seed[i]!;
  return value % 10000;
}

/**
 * The outcome of opening a box whose member had opened `openedBefore` of it. A prize is guaranteed
 * when this opening's number (openedBefore + 1) is a multiple of its guaranteed_box_count (several
 * due: the rarest guarantee, then the lowest id). Otherwise the roll falls into a prize's share of
 * 10000 (prizes by id, their chances side by side) or past them all: nothing. Chances summing above
 * 100 % are cut at 100 % (the API refuses them; this keeps the function total).
 */
export function drawPrize(seed: Uint8Array, prizes: readonly DrawPrize[], openedBefore: number): DrawOutcome {
  const ordered = [...prizes].sort((a, b) => a.id - b.id);
  const number = openedBefore + 1;
  const due = ordered
    .filter((prize) => prize.guaranteed_box_count !== null && prize.guaranteed_box_count > 0 && number % prize.guaranteed_box_count === 0)
    .sort((a, b) => b.guaranteed_box_count! - a.guaranteed_box_count! || a.id - b.id);
  if (due[0]) return { outcome: 'guaranteed', prizeId: due[0].id };
  const roll = seedRoll(seed);
  let edge = 0;
  for (const prize of ordered) {
    edge += Math.max(0, prize.drop_chance_bp);
    if (roll < Math.min(edge, 10000)) return { outcome: 'won', prizeId: prize.id };
  }
  return { outcome: 'nothing', prizeId: null };
}

/**
 * Openings left until the next guaranteed prize for a member who opened `opened` boxes
 * (1 = the next one); null when no prize of the box is guaranteed.
 */
export function remainingToGuarantee(prizes: readonly Pick<DrawPrize, 'guaranteed_box_count'>[], opened: number): number | null {
  let best: number | null = null;
  for (const { guaranteed_box_count: every } of prizes) {
    if (every === null || every <= 0) continue;
    const left = every - (opened % every);
    if (best === null || left < best) best = left;
  }
  return best;
}

/** Percent (up to two decimals) ↔ hundredths of a percent. */
export const percentToBp = (percent: number) => Math.round(percent * 100);
export const bpToPercent = (bp: number) => bp / 100;
