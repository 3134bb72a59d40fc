import { z } from 'zod';
import { text } from './text.js';
import { entityStatusSchema } from './deploy.js';

/** Query of a group's list: the group, an optional search text, and the page (10 a page by default). */
export const groupListQuerySchema = z.object({
  groupName: text().min(1).max(64),
  search: text().trim().max(64).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type GroupListQuery = z.infer<typeof groupListQuerySchema>;

/**
 * Filters every deployable item's list offers beyond the search (GLOSSARY §4-§6: status,
 * creator, dates): all optional, combined with AND.
 */
export const itemListQuerySchema = groupListQuerySchema.extend({
  status: entityStatusSchema.optional(),
  createdBy: text().trim().max(64).optional(),
  createdFrom: z.coerce.number().int().min(0).optional().describe('created at or after, epoch ms'),
  createdTo: z.coerce.number().int().min(0).optional().describe('created at or before, epoch ms'),
});
export type ItemListQuery = z.infer<typeof itemListQuerySchema>;
