import { SERVICE_LINE_API, taskAnswerSchema, type CreateServiceLine } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onServiceLineChanged } from './list-service-lines';

type RequiredKeys = 'groupName' | 'appProfileName' | 'customerPackage' | 'servername';

/** What the wizard sends: its own fields, the rest left to the schema's defaults; origins by address alone. */
export type CreateServiceLineBody = Pick<CreateServiceLine, RequiredKeys> &
  Partial<Omit<CreateServiceLine, RequiredKeys | 'origins'>> & { origins: { address: string }[] };

/** POST /api/table/rcm-app-profiles/update/create (spec §7) → {taskNo}; an empty taskNo means already deploying. */
export async function createServiceLine(body: CreateServiceLineBody) {
  return taskAnswerSchema.parse(await api.post<unknown>(SERVICE_LINE_API.create, body));
}

export function useCreateServiceLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createServiceLine,
    onSuccess: (_, body) => onServiceLineChanged(queryClient, { groupName: body.groupName }),
  });
}
