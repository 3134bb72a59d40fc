import { sql, type Expression, type SqlBool } from 'kysely';
import type { ItemListQuery } from '@parapet/shared';
import { containsIgnoringCase } from '../db/dialect.js';

/**
 * The common filters of an item list (status, creator, creation dates) as one condition on
 * the item table's own columns; an absent filter adds nothing.
 */
export function itemFilters(q: Omit<ItemListQuery, 'groupName' | 'page' | 'pageSize' | 'search'>): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (q.status) parts.push(sql<SqlBool>`status = ${q.status}`);
  if (q.createdBy) parts.push(containsIgnoringCase('created_by', q.createdBy));
  if (q.createdFrom !== undefined) parts.push(sql<SqlBool>`created_at >= ${q.createdFrom}`);
  if (q.createdTo !== undefined) parts.push(sql<SqlBool>`created_at <= ${q.createdTo}`);
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`1 = 1`;
}
