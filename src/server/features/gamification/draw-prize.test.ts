import { describe, expect, it } from 'vitest';
import { bpToPercent, drawPrize, percentToBp, remainingToGuarantee, seedRoll } from './draw-prize.ts';

/** A seed whose roll is `roll` (0–9999). */
const seedFor = (roll: number) => {
  const seed = new Uint8Array(32);
  let value = roll;
  for (let i = 5; i >= 0; i -= 1) {
    seed[i] = value % 256;
    value = Math.floor(value / 256);
  }
  return seed;
};

const cup = { id: 1, drop_chance_bp: 2000, guaranteed_box_count: null };
const book = { id: 2, drop_chance_bp: 500, guaranteed_box_count: 5 };
const trip = { id: 3, drop_chance_bp: 50, guaranteed_box_count: 10 };

describe('drawPrize', () => {
  it('reads the roll from the seed’s first 48 bits', () => {
    expect(seedRoll(seedFor(0))).toBe(0);
    expect(seedRoll(seedFor(9999))).toBe(9999);
    expect(seedRoll(new Uint8Array([0, 0, 0, 0, 0x27, 0x10]))).toBe(0); // 10000
    expect(() => seedRoll(new Uint8Array(5))).toThrow(RangeError);
  });

  it('rolls over the chances by id, the remainder to 100 % giving nothing', () => {
    // cup 0–1999, book 2000–2499, trip 2500–2549, nothing from 2550.
    expect(drawPrize(seedFor(0), [book, cup, trip], 0)).toEqual({ outcome: 'won', prizeId: 1 });
    expect(drawPrize(seedFor(1999), [cup, book, trip], 0)).toEqual({ outcome: 'won', prizeId: 1 });
    expect(drawPrize(seedFor(2000), [cup, book, trip], 0)).toEqual({ outcome: 'won', prizeId: 2 });
    expect(drawPrize(seedFor(2549), [cup, book, trip], 0)).toEqual({ outcome: 'won', prizeId: 3 });
    expect(drawPrize(seedFor(2550), [cup, book, trip], 0)).toEqual({ outcome: 'nothing', prizeId: null });
    expect(drawPrize(seedFor(0), [], 0)).toEqual({ outcome: 'nothing', prizeId: null });
  });

  it('gives the guaranteed prize when the opening’s number is due, the rarest guarantee first', () => {
    // The 5th opening: the book is due whatever the roll.
    expect(drawPrize(seedFor(9999), [cup, book, trip], 4)).toEqual({ outcome: 'guaranteed', prizeId: 2 });
    // The 10th: both are due, the trip (every 10) wins over the book (every 5).
    expect(drawPrize(seedFor(9999), [cup, book, trip], 9)).toEqual({ outcome: 'guaranteed', prizeId: 3 });
    // The 6th: nothing is due, the roll decides.
    expect(drawPrize(seedFor(9999), [cup, book, trip], 5)).toEqual({ outcome: 'nothing', prizeId: null });
  });

  it('is reproducible from the seed and never gives more than 100 %', () => {
    const seed = seedFor(1234);
    expect(drawPrize(seed, [cup, book], 2)).toEqual(drawPrize(Uint8Array.from(seed), [book, cup], 2));
    const all = { id: 9, drop_chance_bp: 10000, guaranteed_box_count: null };
    expect(drawPrize(seedFor(9999), [all], 0)).toEqual({ outcome: 'won', prizeId: 9 });
    const over = { id: 10, drop_chance_bp: 20000, guaranteed_box_count: null };
    expect(drawPrize(seedFor(9999), [over, cup], 0)).toEqual({ outcome: 'won', prizeId: 10 });
  });

  it('roughly follows the chances over many random seeds', () => {
    const counts = new Map<number | null, number>();
    for (let i = 0; i < 20000; i += 1) {
      const seed = crypto.getRandomValues(new Uint8Array(32));
      const { prizeId } = drawPrize(seed, [cup, book], 0);
      counts.set(prizeId, (counts.get(prizeId) ?? 0) + 1);
    }
    expect((counts.get(1) ?? 0) / 20000).toBeCloseTo(0.2, 1);
    expect((counts.get(2) ?? 0) / 20000).toBeCloseTo(0.05, 1);
    expect((counts.get(null) ?? 0) / 20000).toBeCloseTo(0.75, 1);
  });
});

describe('remainingToGuarantee', () => {
  it('counts the openings to the nearest guarantee', () => {
    expect(remainingToGuarantee([cup], 3)).toBeNull();
    expect(remainingToGuarantee([cup, book], 0)).toBe(5);
    expect(remainingToGuarantee([cup, book], 4)).toBe(1);
    expect(remainingToGuarantee([book], 5)).toBe(5);
    expect(remainingToGuarantee([book, trip], 8)).toBe(2);
  });

  it('converts percents and hundredths', () => {
    expect(percentToBp(12.34)).toBe(1234);
    expect(percentToBp(0.1 + 0.2)).toBe(30);
    expect(bpToPercent(1234)).toBe(12.34);
  });
});
