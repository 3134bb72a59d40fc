import { importWafRulesAnswerSchema, WAF_RULE_API, type ImportWafRules } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onWafRulesChanged } from './list-waf-rules';

/**
 * The body of an import: the file goes as it was read, so the server, which checks it whole,
 * names its problems by the file's own rule numbers (`file.rules.<i>.<field>`).
 */
export type ImportWafRulesInput = Omit<ImportWafRules, 'file'> & { file: unknown };

/**
 * POST /api/waf-rules/import {groupName, overwrite, file} → {created, updated, taskNos}; all or nothing:
 * 400 VALIDATION_FAILED naming each bad rule's fields, 409 WAF_RULE_DEPLOYING when a rule to overwrite deploys.
 */
export async function importWafRules(input: ImportWafRulesInput) {
  return importWafRulesAnswerSchema.parse(await api.post<unknown>(WAF_RULE_API.importRules, input));
}

export function useImportWafRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importWafRules,
    onSettled: (_data, _error, input) => onWafRulesChanged(queryClient, input.groupName),
  });
}
