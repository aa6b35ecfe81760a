/** A small seeded generator (mulberry32): the same seed replays the same choices. */
export class SeededRandom {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** The seed in the named environment variable (to replay a run), otherwise a fresh one. */
  static fromEnv(name: string): SeededRandom {
    const given = Number(process.env[name]);
    return new SeededRandom(Number.isInteger(given) && given > 0 ? given : Math.floor(Math.random() * 2 ** 31) + 1);
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A generator of its own for one virtual user, derived from this one. */
  fork(): SeededRandom {
    return new SeededRandom(this.int(1, 2 ** 31 - 1));
  }
}
