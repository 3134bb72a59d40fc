import { LINE_RULES_SHOWN } from '@parapet/shared';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '@/lib/paths';
import { GROUP_QUERY_PARAM } from '@/lib/tenancy/group-selection';
import type { WafRuleChoice } from '../../api/list-group-waf-rules';

// The pieces both views of a line's Firewall Rules card show: a rule's name (to the rules
// screen), its action, and the "Show more" under the first rows.

/** The rules screen of the line's group, searching for the rule: where it is read and changed. */
export const ruleLinkPath = (groupName: string, ruleName: string): string =>
  `${PATHS.firewallRules}?${new URLSearchParams({ [GROUP_QUERY_PARAM]: groupName, search: ruleName }).toString()}`;

interface RuleNameProps {
  groupName: string;
  name: string;
  /** The group's rules were read and this one is not among them (deleted, or never there). */
  missing: boolean;
}

export function RuleName({ groupName, name, missing }: RuleNameProps) {
  const { t } = useTranslation('serviceLines');
  return (
    <Space size={4} wrap>
      <Link to={ruleLinkPath(groupName, name)} data-testid={`waf-rule-link-${name}`}>
        {name}
      </Link>
      {missing ? (
        <Tag color="warning" data-testid={`waf-rule-missing-${name}`}>
          {t('firewall.missing')}
        </Tag>
      ) : null}
    </Space>
  );
}

/** The rule's action in the user's language, its description on hover; "-" while unknown. */
export function RuleAction({ rule }: { rule: WafRuleChoice | undefined }) {
  const { t } = useTranslation(['plans', 'serviceLines']);
  if (!rule) return <Typography.Text type="secondary">{t('serviceLines:values.none')}</Typography.Text>;
  const label = t(`plans:wafActions.${rule.wafAction}`);
  return rule.description ? (
    <Tooltip title={rule.description}>
      <span>{label}</span>
    </Tooltip>
  ) : (
    <>{label}</>
  );
}

/** The rows shown: the first LINE_RULES_SHOWN until "Show more" was pressed. */
export const shownRows = <T,>(rows: readonly T[], all: boolean): T[] =>
  all ? [...rows] : rows.slice(0, LINE_RULES_SHOWN);

export function ShowMore({ total, onClick }: { total: number; onClick: () => void }) {
  const { t } = useTranslation('serviceLines');
  if (total <= LINE_RULES_SHOWN) return null;
  return (
    <Button type="link" onClick={onClick} data-testid="waf-rules-show-more">
      {t('firewall.showMore', { count: total - LINE_RULES_SHOWN })}
    </Button>
  );
}
