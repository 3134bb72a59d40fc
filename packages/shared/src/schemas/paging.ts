import { z } from 'zod';

/** Query of a group's list: the group, an optional search text, and the page (10 a page by default). */
export const groupListQuerySchema = z.object({
  groupName: z.string().min(1).max(64),
  search: z.string().trim().max(64).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type GroupListQuery = z.infer<typeof groupListQuerySchema>;
