/**
 * Deterministic randomness and dates for the seed. Every value the seed writes derives from
 * SEED_ANCHOR and a fixed PRNG seed, so two runs produce identical rows (the tests compare them).
 */
export const SEED_ANCHOR = '2026-11-01';
const RNG_SEED = 0x6b5f_2026;

/** mulberry32: tiny, fast, and good enough for demo data; never used for anything secret. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: ReadonlyArray<T>): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by relative weight; weights need not sum to 1. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1][0];
  }

  /** Fisher–Yates on a copy. */
  shuffle<T>(items: ReadonlyArray<T>): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}

export function rngFor(salt: number): Rng {
  return new Rng((RNG_SEED ^ Math.imul(salt, 0x85ebca6b)) >>> 0);
}

const DAY_MS = 86_400_000;
const ANCHOR_MS = Date.parse(`${SEED_ANCHOR}T00:00:00Z`);

/** 'YYYY-MM-DD' of the anchor plus `days` (negative for the past), computed in UTC. */
export function anchorDate(days: number): string {
  return new Date(ANCHOR_MS + days * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** An ISO timestamp on `date` at the given Korean local time (stored as timestamptz). */
export function kstTimestamp(date: string, hour: number, minute = 0): string {
  return `${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+09:00`;
}

export function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}
