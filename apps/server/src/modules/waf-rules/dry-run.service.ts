import {
  WAF_DRY_RUN_EXAMINE_MAX,
  WAF_DRY_RUN_RANGE_MS,
  compileRules,
  dryRunUnjudged,
  eventFacts,
  judgeableRule,
  type EventFactsSource,
  type WafDryRun,
  type WafDryRunAnswer,
} from '@parapet/shared';
import type { EventStore } from '../event-store/event-store.js';

/**
 * The rule dry run (issue 13 item 6; docs/waf-rules.md "Dry run"): the draft alone, switched on,
 * judged by the one evaluator over the group's stored events of the last 24 hours. Up to
 * WAF_DRY_RUN_EXAMINE_MAX events every one is judged; past it, a sample spread over the range,
 * each slice's share drawn evenly from all its events (EventStore.sample), not its newest, so a
 * burst early in a slice is sampled as often as the rest of it.
 */

/** The range is cut into slices this wide; a sample takes from each its share of the range's events. */
const SLICE_MS = 15 * 60_000;
/**
 * Slices sampled at once. A slice's events lie in one or two of DuckDB's row groups, which one
 * thread reads, so one sample at a time left a core idle: two took a day of 3.1M events from 2.5 s
 * to 1.9 s of sampling (three and four, no better). Two is also the embedded store's read
 * connections (DUCKDB_READERS), and other reads queue between the slices' short statements.
 */
const SAMPLE_READS_AT_ONCE = 2;
/** Events read per search call when every event is judged: bounds the rows held at once. */
const PAGE_SIZE = 5_000;
/** The evaluator names the rule in its trace; the draft may have no name yet. */
const DRAFT_NAME = 'dry_run';

export interface DryRunOptions {
  /** The end of the range (exclusive); the request's own time by default. */
  now?: number;
  /** How many events to judge at most (tests make it small rather than store that many rows). */
  examineMax?: number;
}

interface Range {
  from: number;
  to: number;
}

/**
 * Visits the newest `want` events of the group in the range, a page at a time. Answers how many
 * were visited and whether more were left unread.
 */
async function visitNewest(
  store: EventStore,
  groupName: string,
  range: Range,
  want: number,
  visit: (event: EventFactsSource) => void,
): Promise<{ visited: number; more: boolean }> {
  let visited = 0;
  let cursor: string | undefined;
  while (visited < want) {
    const page = await store.search({
      groupName,
      ...range,
      filters: [],
      limit: Math.min(PAGE_SIZE, want - visited),
      ...(cursor ? { cursor } : {}),
    });
    page.rows.forEach(visit);
    visited += page.rows.length;
    if (!page.nextCursor) return { visited, more: false };
    cursor = page.nextCursor;
  }
  return { visited, more: true };
}

/**
 * Each slice's share of `max`, in proportion to its events, summing to exactly `max`. Shares
 * are the steps of the running total scaled to `max`, so the units rounding leaves over fall
 * evenly along the range rather than all at one end. A share never exceeds its slice's count,
 * since `max` is below the total.
 */
export function sliceShares(counts: readonly number[], max: number): number[] {
  const total = counts.reduce((sum, n) => sum + n, 0);
  let seen = 0;
  let given = 0;
  return counts.map((n) => {
    seen += n;
    // Integers throughout: max × total stays far below 2^53.
    const upTo = Math.floor((seen * max) / total);
    const share = upTo - given;
    given = upTo;
    return share;
  });
}

export async function dryRunRule(
  store: EventStore,
  call: WafDryRun,
  options: DryRunOptions = {},
): Promise<WafDryRunAnswer> {
  const to = options.now ?? Date.now();
  const from = to - WAF_DRY_RUN_RANGE_MS;
  const max = options.examineMax ?? WAF_DRY_RUN_EXAMINE_MAX;
  const { groupName, rule } = call;
  const judge = compileRules([{ ...judgeableRule(rule), ruleName: DRAFT_NAME, isEnabled: true }]);
  let matched = 0;
  const visit = (event: EventFactsSource) => {
    if (judge(eventFacts(event)).rules[0]?.verdict === 'matched') matched += 1;
  };

  // Buckets are aligned to the epoch; the first and last are cut to the range.
  const buckets = await store.timeSeries({ groupName, from, to, filters: [], bucketMs: SLICE_MS, metric: 'requests' });
  const total = buckets.reduce((sum, point) => sum + point.value, 0);

  let examined = 0;
  let sampled: boolean;
  if (total <= max) {
    const read = await visitNewest(store, groupName, { from, to }, max, visit);
    examined = read.visited;
    // Events can arrive for the range after it was counted; past the cap the newest were judged.
    sampled = read.more;
  } else {
    sampled = true;
    const shares = sliceShares(
      buckets.map((point) => point.value),
      max,
    );
    const slices = buckets.flatMap((point, i) => {
      const share = shares[i] ?? 0;
      const slice = { from: Math.max(point.bucket, from), to: Math.min(point.bucket + SLICE_MS, to) };
      return share === 0 ? [] : [{ ...slice, share }];
    });
    let next = 0;
    const reader = async () => {
      for (let slice = slices[next++]; slice; slice = slices[next++]) {
        // Uniform over the slice's events, whenever in it they came (one call: a share is at most the cap).
        const events = await store.sample({
          groupName,
          from: slice.from,
          to: slice.to,
          filters: [],
          limit: slice.share,
        });
        events.forEach(visit);
        examined += events.length;
      }
    };
    await Promise.all(Array.from({ length: SAMPLE_READS_AT_ONCE }, reader));
  }

  return {
    matched,
    examined,
    totalInRange: Math.max(total, examined),
    sampled,
    from,
    to,
    unjudged: dryRunUnjudged(rule),
  };
}
