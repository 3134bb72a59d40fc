/**
 * The simulator's only source of chance: a small seeded generator (sfc32), so one seed always
 * gives the same traffic. Math.random cannot be seeded.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    // splitmix32 spreads a small seed over the four words of state.
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** In [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A value whose logarithm is uniform between the bounds: sizes and times spread over orders of magnitude. */
  logUniform(min: number, max: number): number {
    return Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min)));
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length) out += this.uint32().toString(16).padStart(8, '0');
    return out.slice(0, length);
  }
}

/** Items drawn by weight: cumulative sums searched by bisection. */
export class Weighted<T> {
  private readonly items: T[];
  private readonly cumulative: number[];
  private readonly total: number;

  constructor(entries: ReadonlyArray<readonly [T, number]>) {
    const kept = entries.filter(([, weight]) => weight > 0);
    if (kept.length === 0) throw new Error('Weighted needs at least one entry with a positive weight');
    this.items = kept.map(([item]) => item);
    let sum = 0;
    this.cumulative = kept.map(([, weight]) => (sum += weight));
    this.total = sum;
  }

  draw(random: Random): T {
    const target = random.next() * this.total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.cumulative[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return this.items[low]!;
  }
}
