import type { EventFilterOp } from '@parapet/shared';

/** One entry of a top-N answer as a chart or list draws it. */
export interface RankedItem {
  /** The stored value: what a filter on it compares with. */
  key: string;
  /** How to show it (a country's or an action's name); the key when absent. */
  label?: string;
  value: number;
}

/** What clicking an entry asks for: a filter keeping it, or one leaving it out. */
export type SelectOp = Extract<EventFilterOp, 'is' | 'is_not'>;
export type OnSelect = (key: string, op: SelectOp) => void;

export const itemLabel = (item: RankedItem): string => item.label ?? item.key;
