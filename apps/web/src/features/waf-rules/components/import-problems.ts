import { toFieldErrorCode } from '@/lib/form-errors';

/** What the problem list needs of the language: a key and its values, the ns of the rules screen. */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The name a rule of the file carries, if it carries one as text. */
function ruleNameOf(file: unknown, index: number): string | undefined {
  const rules = (file as { rules?: unknown } | null)?.rules;
  const rule: unknown = Array.isArray(rules) ? rules[index] : undefined;
  const name = (rule as { ruleName?: unknown } | undefined)?.ruleName;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

/**
 * An import refusal's `fields` as sentences, one a problem, in the file's order: a rule's by its
 * number in the file and its name ("Rule 3 (block_bots): Source IP line 2: Invalid network…"),
 * an entry of a list by its line (its place in the list), the rest of the file as "File: …".
 */
export function importProblemLines(fields: Record<string, string>, file: unknown, t: Translate): string[] {
  const message = (code: string) => t(`fieldErrors:${toFieldErrorCode(code)}`);
  const label = (field: string) => {
    const key = `wafRules:fields.${field}`;
    const text = t(key);
    return text === key ? field : text;
  };
  return (
    Object.entries(fields)
      .map(([path, code]) => {
        const [root, list, index, field, entry] = path.split('.');
        if (root !== 'file' || list !== 'rules' || index === undefined || !/^\d+$/.test(index))
          return { order: -1, text: t('wafRules:import.fileProblem', { message: message(code) }) };
        const n = Number(index);
        const name = ruleNameOf(file, n);
        const rule = name
          ? t('wafRules:import.ruleNamed', { n: n + 1, name })
          : t('wafRules:import.rule', { n: n + 1 });
        const line = entry !== undefined && /^\d+$/.test(entry) ? Number(entry) + 1 : undefined;
        const text = !field
          ? t('wafRules:import.ruleProblem', { rule, message: message(code) })
          : line === undefined
            ? t('wafRules:import.fieldProblem', { rule, field: label(field), message: message(code) })
            : t('wafRules:import.lineProblem', { rule, field: label(field), line, message: message(code) });
        return { order: n, text };
      })
      // The file's problems first, then each rule's in the file's order (a stable sort keeps each rule's own order).
      .sort((a, b) => a.order - b.order)
      .map((problem) => problem.text)
  );
}
