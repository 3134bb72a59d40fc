import { Random } from './prng.js';

/**
 * Where a flood's requests land in time (docs/simulator.md, "Floods"). The generator decides
 * which requests are a flood's, from the evenly spread times of the run; this moves each flood
 * address's requests of a window together into one burst inside the window, at 80–600 requests
 * a second, so the stored timestamps (and the rate the firewall counts) show a real flood. The
 * burst's rate and place are drawn from the seed, the line, the window and the address alone.
 */

/** Floods come in windows of this length; one window in FLOOD_EVERY has one. */
export const FLOOD_WINDOW_MS = 10 * 60_000;
export const FLOOD_EVERY = 9;
/** During a flood window, this share of the line's traffic is the flood. */
export const FLOOD_SHARE = 0.35;
export const FLOOD_SOURCES_PER_LINE = 3;
/** A flood address's requests a second during its burst: drawn log-uniform between these. */
export const FLOOD_RATE_PER_SECOND = [80, 600] as const;

/** A deterministic coin per flood window: the same seed floods the same windows. */
export function floodIn(seed: number, lineIndex: number, timestamp: number): boolean {
  let h = Math.imul(Math.floor(timestamp / FLOOD_WINDOW_MS) ^ seed, 0x9e3779b1) ^ Math.imul(lineIndex + 1, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return ((h ^ (h >>> 12)) >>> 0) % FLOOD_EVERY === 0;
}

interface Burst {
  /** Where the address's first request of the window lands. */
  start: number;
  /** How much the window's time is squeezed: 1 leaves it, 0.01 makes it a hundred times denser. */
  squeeze: number;
  /** The part of the window the run covers. */
  from: number;
}

export class FloodBursts {
  private window = NaN;
  private readonly bursts = new Map<string, Burst>();

  /**
   * @param seed the run's seed
   * @param span the times the run covers; a live run has no end
   * @param addressRate per line, a flood address's requests a second when nothing is squeezed
   *   (the run's events a second × the line's share × FLOOD_SHARE / FLOOD_SOURCES_PER_LINE);
   *   unknown, the times are left as they are
   */
  constructor(
    private readonly seed: number,
    private readonly span: { from: number; to: number },
    private readonly addressRate: (lineIndex: number) => number | undefined,
  ) {}

  /** The time a flood request made at `timestamp` by address `address` of line `lineIndex` lands at. */
  place(lineIndex: number, address: number, timestamp: number): number {
    const rate = this.addressRate(lineIndex);
    if (rate === undefined || !(rate > 0)) return timestamp;
    const window = Math.floor(timestamp / FLOOD_WINDOW_MS);
    if (window !== this.window) {
      this.window = window;
      this.bursts.clear();
    }
    const key = `${lineIndex}|${address}`;
    let burst = this.bursts.get(key);
    if (!burst) {
      const from = Math.max(window * FLOOD_WINDOW_MS, this.span.from);
      const length = Math.min((window + 1) * FLOOD_WINDOW_MS, this.span.to) - from;
      const random = new Random(
        Math.imul(this.seed ^ 0x27d4eb2f, 0x165667b1) ^ Math.imul(window, 0x9e3779b1) ^ ((lineIndex << 4) | address),
      );
      const target = random.logUniform(FLOOD_RATE_PER_SECOND[0], FLOOD_RATE_PER_SECOND[1]);
      const squeeze = Math.min(1, rate / target);
      // A live run has no end: its bursts close their windows, so a request the run made before
      // its burst waits for the burst's time (the sender holds it) and none is stamped in the past.
      const place = Number.isFinite(this.span.to) ? random.next() : 1;
      burst = { start: from + place * length * (1 - squeeze), squeeze, from };
      this.bursts.set(key, burst);
    }
    return Math.floor(burst.start + (timestamp - burst.from) * burst.squeeze);
  }
}
