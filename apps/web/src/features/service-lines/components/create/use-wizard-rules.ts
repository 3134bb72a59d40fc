import { isOriginAddress } from '@parapet/shared';
import type { FormRule } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OriginProblem } from '@/lib/validate-origin';
import { useLineFieldChecks } from '../../api/validate-line-fields';
import { wizardFieldProblem, type WizardField, type WizardValues } from './wizard-values';

/** A check the server could not answer passes here: the save checks everything again. */
const orPass = <T>(answer: Promise<T>, passing: T): Promise<T> => answer.catch(() => passing);

/**
 * antd rules for each wizard field: first the shared schema over the whole request (what the
 * server would refuse, with its codes), then, for a name and origins the schema accepts, the
 * server's own checks: the name free in the group (documentexist), each origin usable
 * (ipvalidate; spec §4 "the origins are validated first").
 */
export function useWizardRules(groupName: string): (field: WizardField) => FormRule[] {
  const { t } = useTranslation(['fieldErrors', 'serviceLines']);
  const checks = useLineFieldChecks();
  return useMemo(() => {
    const badOrigins = (
      addresses: string[],
      code: 'invalid_origin_address' | OriginProblem = 'invalid_origin_address',
    ) =>
      new Error(
        t('serviceLines:wizard.badOrigins', { addresses: addresses.join(', '), message: t(`fieldErrors:${code}`) }),
      );
    return (field: WizardField) => [
      ({ getFieldsValue }) => ({
        validator: async () => {
          const values = getFieldsValue(true) as WizardValues;
          const code = wizardFieldProblem(values, groupName, field);
          // Name the addresses at fault, as the server's check below does.
          if (code === 'invalid_origin_address')
            throw badOrigins(values.origins.filter((a) => !isOriginAddress(a.trim())));
          if (code) throw new Error(t(`fieldErrors:${code}`));
          if (
            field === 'appProfileName' &&
            (await orPass(checks.nameExists(groupName, values.appProfileName.trim()), false))
          ) {
            throw new Error(t('serviceLines:wizard.nameExists'));
          }
          if (field === 'origins') {
            const addresses = values.origins.map((a) => a.trim());
            // The server's answer says why, a private address apart from a malformed one.
            const problems = await Promise.all(addresses.map((a) => orPass(checks.originProblem(a), null)));
            const first = problems.find((p) => p !== null);
            if (first)
              throw badOrigins(
                addresses.filter((_, i) => problems[i] === first),
                first,
              );
          }
        },
      }),
    ];
  }, [groupName, t, checks]);
}
