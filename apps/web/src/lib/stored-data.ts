import type { PlatformPlan, PlatformPrefs, ResourceLimitsAnswer } from '@parapet/shared';
import { readItem, writeItem } from './storage';

/**
 * The client-side stored data of spec §3, each kept in localStorage as JSON under
 * `parapet.<key>`. All of it belongs to the signed-in user: `clearUserStorage` (sign-out, any
 * 401) removes every `parapet.*` key but the language.
 */
export interface StoredData {
  /** Every group name an admin may pick (from GET /api/groups). */
  allGroupNames: string[];
  /** The user's choices on this device; `selectedGroup` is the group the console works in. */
  userPref: { selectedGroup?: string };
  /** Console settings that are not the user's (GLOSSARY §10 preferences). */
  frontendConfigs: Record<string, unknown>;
  /** Visible columns per table. */
  userSelectedColumns: Partial<Record<'eventLog' | 'waf' | 'cert' | 'origin' | 'html', string[]>>;
  /** The dashboard's filter choices (spec §3 Dashboard filter). */
  dashboardFilterOptions: Record<string, unknown>;
  platformPlan: PlatformPlan;
  platformPrefs: PlatformPrefs;
  /** Address of the user's picture, when they have one. */
  userAvatar: string;
  /** GET /api/group/resource-limits answers, by group name. */
  groupResourceLimits: Record<string, ResourceLimitsAnswer>;
}
export type StoredKey = keyof StoredData;

export const STORED_KEYS: readonly StoredKey[] = [
  'allGroupNames',
  'userPref',
  'frontendConfigs',
  'userSelectedColumns',
  'dashboardFilterOptions',
  'platformPlan',
  'platformPrefs',
  'userAvatar',
  'groupResourceLimits',
];

export const storageKeyOf = (key: StoredKey): string => `parapet.${key}`;

/** The stored value, or undefined when missing or unreadable (never trusted beyond its shape). */
export function readStored<K extends StoredKey>(key: K): StoredData[K] | undefined {
  const text = readItem(storageKeyOf(key));
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as StoredData[K];
  } catch {
    return undefined;
  }
}

export function writeStored<K extends StoredKey>(key: K, value: StoredData[K]): void {
  writeItem(storageKeyOf(key), JSON.stringify(value));
}

/** The group the console worked in last on this device. */
export function readSelectedGroup(): string | undefined {
  const pref = readStored('userPref');
  return typeof pref?.selectedGroup === 'string' ? pref.selectedGroup : undefined;
}

export function storeSelectedGroup(groupName: string): void {
  if (readSelectedGroup() === groupName) return;
  writeStored('userPref', { ...readStored('userPref'), selectedGroup: groupName });
}

export function storeGroupResourceLimits(answer: ResourceLimitsAnswer): void {
  writeStored('groupResourceLimits', { ...readStored('groupResourceLimits'), [answer.groupName]: answer });
}
