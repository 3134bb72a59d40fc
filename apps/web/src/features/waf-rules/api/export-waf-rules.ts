import { WAF_RULE_API, wafRulesFileSchema, type WafRulesFile } from '@parapet/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/waf-rules/export?groupName= → the group's rules as the import file holds them, in name order. */
export async function exportWafRules(groupName: string): Promise<WafRulesFile> {
  return wafRulesFileSchema.parse(await api.get<unknown>(WAF_RULE_API.exportRules, { query: { groupName } }));
}

/** The file's name as the server's Content-Disposition gives it. */
export const exportFileName = (groupName: string) => `waf-rules-${groupName}.json`;

/** Saves a document as a JSON file through the browser's download. */
function download(name: string, document: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }));
  const link = window.document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** Fetches the export and downloads it as `waf-rules-<group>.json`. */
export function useExportWafRules() {
  return useMutation({
    mutationFn: async (groupName: string) => {
      const file = await exportWafRules(groupName);
      download(exportFileName(groupName), file);
      return file;
    },
  });
}
