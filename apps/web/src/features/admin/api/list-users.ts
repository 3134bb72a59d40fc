import { adminUserListSchema, GROUP_API } from '@parapet/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface UserQuery {
  search: string;
  page: number;
  pageSize: number;
}

export const adminUsersRootKey = ['admin', 'users'] as const;

/** GET /api/admin/users?search=&page=&pageSize= → one page of accounts and the total. */
export async function listUsers({ search, page, pageSize }: UserQuery, signal?: AbortSignal) {
  const query = { search: search.trim() || undefined, page, pageSize };
  return adminUserListSchema.parse(await api.get<unknown>(GROUP_API.users, { query, signal }));
}

export const usersQueryOptions = (query: UserQuery) =>
  queryOptions({ queryKey: [...adminUsersRootKey, query], queryFn: ({ signal }) => listUsers(query, signal) });

/** The page stays on screen while the next one loads. */
export function useUsers(query: UserQuery) {
  return useQuery({ ...usersQueryOptions(query), placeholderData: keepPreviousData });
}

/** One account as the admin list gives it. */
export type AdminUser = Awaited<ReturnType<typeof listUsers>>['items'][number];
