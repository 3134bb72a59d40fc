import { type FormInstance, type FormRule } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { numberRange, problemAt, ruleFormProblems, type RulePlan, type RuleProblem } from './form-problems';
import type { RuleFormValues } from './form-values';

/** The plan's bound on the block period, or the widest the schema takes while the plan is unknown. */
const blockPeriodMaxOf = (plan: RulePlan | undefined) => plan?.resourceLimits.blockPeriodMax ?? Number.MAX_SAFE_INTEGER;

/** A problem in the user's language: "Line 4: Invalid network…", "XX: Use a two-letter ISO country code." */
export function useRuleProblemText(plan: RulePlan | undefined): (problem: RuleProblem) => string {
  const { t } = useTranslation(['wafRules', 'fieldErrors']);
  return useCallback(
    ({ field, code, line, value }) => {
      const range = numberRange(field, blockPeriodMaxOf(plan));
      const message =
        range && (code === 'too_big' || code === 'too_small')
          ? t('fieldErrors:out_of_range', { min: range.min, max: range.max })
          : t(`fieldErrors:${code}` as 'fieldErrors:invalid');
      if (line !== undefined) return t('wafRules:form.lineProblem', { line, message });
      if (value) return t('fieldErrors:item.named', { value, message });
      return message;
    },
    [t, plan],
  );
}

/**
 * The form's checks, each field showing its own problems (a text area one message per bad
 * line), all computed from the whole form as the server will see the rule.
 */
export function useRuleRules(plan: RulePlan | undefined): (field: string) => FormRule[] {
  const text = useRuleProblemText(plan);
  return useMemo(
    () => (field: string) => [
      ({ getFieldsValue }) => ({
        validator: async () => {
          const values = getFieldsValue(true) as RuleFormValues;
          const mine = ruleFormProblems(values, plan).filter((p) => p.field === field);
          // A list of messages is shown as one error each (antd's validator takes an array).
          if (mine.length) return Promise.reject(mine.map(text));
        },
      }),
    ],
    [plan, text],
  );
}

/**
 * Shows a server refusal on the fields it names (`wafIp.3: invalid_network` under Source IP as
 * "Line 4: …", `conditions: condition_required` as the form's message). Paths are read under
 * `at`, where the body held the rule (the dry run's `rule.`). Returns false when no field of the
 * form can show it, so the caller toasts instead.
 */
export function useShowServerProblems(form: FormInstance, plan: RulePlan | undefined) {
  const text = useRuleProblemText(plan);
  return useCallback(
    (error: unknown, at = ''): boolean => {
      if (!isApiError(error) || !error.fields) return false;
      const registered = new Set(form.getFieldsError().map(({ name }) => name.join('.')));
      const values = form.getFieldsValue(true) as RuleFormValues;
      const shown = new Map<string, string[]>();
      for (const [path, code] of Object.entries(error.fields)) {
        if (!path.startsWith(at)) continue;
        const problem = problemAt(path.slice(at.length).split('.'), code, values);
        if (!registered.has(problem.field)) continue;
        shown.set(problem.field, [...(shown.get(problem.field) ?? []), text(problem)]);
      }
      form.setFields([...shown].map(([name, errors]) => ({ name, errors })));
      return shown.size > 0;
    },
    [form, text],
  );
}
