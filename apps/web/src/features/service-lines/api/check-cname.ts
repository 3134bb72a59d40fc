import { checkCnameAnswerSchema, SERVICE_LINE_API, type CheckCnameAnswer } from '@parapet/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/validate/checkcname {groupName, appProfileName} → the target and each domain's DNS answer. */
export async function checkCname(input: { groupName: string; appProfileName: string }): Promise<CheckCnameAnswer> {
  return checkCnameAnswerSchema.parse(await api.post<unknown>(SERVICE_LINE_API.checkCname, input));
}

/** A mutation, not a query: every press asks DNS again. */
export function useCheckCname() {
  return useMutation({ mutationFn: checkCname });
}
