import { api } from '@/lib/api-client';

/** The most a list call returns at once (groupListQuerySchema's pageSize limit). */
export const CHOICES_PAGE_SIZE = 100;

/**
 * The names a select offers: the `key` of each item of the first page of a group's list
 * (`GET <path>?groupName=&page=1&pageSize=100`). Only the name is read, so this screen does
 * not depend on the rest of the item's shape.
 */
export async function listItemNames(
  path: string,
  key: string,
  groupName: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const answer = await api.get<{ items?: Record<string, unknown>[] }>(path, {
    query: { groupName, page: 1, pageSize: CHOICES_PAGE_SIZE },
    signal,
  });
  return (answer.items ?? []).map((item) => item[key]).filter((name): name is string => typeof name === 'string');
}
