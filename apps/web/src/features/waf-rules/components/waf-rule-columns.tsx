import type { WafRule } from '@parapet/shared';
import { Button, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { LocalTime } from '@/components/local-time';
import { deployFailureText } from '@/lib/deploy-failure';

/** Columns the selector may hide (stored under userSelectedColumns.waf), in table order; name and actions always show. */
export const OPTIONAL_WAF_RULE_COLUMNS = [
  'groupName',
  'wafAction',
  'wafIp',
  'wafUri',
  'wafCountry',
  'wafIsp',
  'wafProxyType',
  'wafHeaders',
  'wafHttpMethod',
  'wafRate',
  'wafOwasp',
  'wafIpExclude',
  'wafUriExclude',
  'wafHeadersExclude',
  'wafHeadersNotExist',
  'usage',
  'description',
  'status',
  'createdBy',
  'createdAt',
  'updatedAt',
  'log',
] as const;
export type WafRuleColumn = (typeof OPTIONAL_WAF_RULE_COLUMNS)[number];

/** What shows before the user chooses (GLOSSARY §5.4): the rest is a tick away in the selector. */
export const DEFAULT_WAF_RULE_COLUMNS: readonly WafRuleColumn[] = [
  'groupName',
  'wafAction',
  'wafIp',
  'wafRate',
  'wafIpExclude',
  'usage',
  'description',
  'status',
  'log',
];

/** The list fields a column shows as entries. */
type ListColumn = Extract<
  WafRuleColumn,
  | 'wafIp'
  | 'wafUri'
  | 'wafCountry'
  | 'wafIsp'
  | 'wafProxyType'
  | 'wafHeaders'
  | 'wafHttpMethod'
  | 'wafOwasp'
  | 'wafIpExclude'
  | 'wafUriExclude'
  | 'wafHeadersExclude'
  | 'wafHeadersNotExist'
>;

/** A cell shows this many entries of a list; the rest are a hover away. */
const SHOWN_ENTRIES = 3;

type Column = TableColumnsType<WafRule>[number];
type Translate = TFunction<['wafRules', 'plans']>;

/**
 * A list's first entries one a line, and "+N more" with every entry on hover or focus: a button,
 * so the keyboard reaches it too (a link without an address is not a tab stop).
 */
function Entries({ values, t }: { values: readonly string[]; t: Translate }) {
  if (values.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
  const shown = values.slice(0, SHOWN_ENTRIES);
  const rest = values.length - shown.length;
  return (
    <Space orientation="vertical" size={0}>
      {shown.map((value) => (
        <Typography.Text key={value} style={{ fontFamily: 'monospace', fontSize: 12 }}>
          {value}
        </Typography.Text>
      ))}
      {rest > 0 ? (
        <Tooltip
          title={<span style={{ whiteSpace: 'pre-line' }}>{values.join('\n')}</span>}
          trigger={['hover', 'focus']}
        >
          <Button type="link" size="small" style={{ fontSize: 12, height: 'auto', padding: 0 }}>
            {t('wafRules:more', { count: rest })}
          </Button>
        </Tooltip>
      ) : null}
    </Space>
  );
}

const date = (value: number) => <LocalTime value={value} seconds={false} />;

/** The optional columns by key; `onLog` opens a rule's change log. */
export function optionalColumns(t: Translate, onLog: (rule: WafRule) => void): Record<WafRuleColumn, Column> {
  const list = (key: ListColumn): Column => ({
    key,
    title: t(`wafRules:fields.${key}`),
    render: (_, rule) => (
      <span data-testid={`waf-rule-${key}-${rule.ruleName}`}>
        <Entries values={rule[key]} t={t} />
        {key === 'wafCountry' && rule.wafCountryInvert ? <Tag>{t('wafRules:fields.wafCountryInvert')}</Tag> : null}
      </span>
    ),
  });
  return {
    groupName: { key: 'groupName', title: t('wafRules:fields.groupName'), dataIndex: 'groupName' },
    wafAction: {
      key: 'wafAction',
      title: t('wafRules:fields.wafAction'),
      render: (_, rule) => (
        <Tag data-testid={`waf-rule-action-${rule.ruleName}`}>{t(`plans:wafActions.${rule.wafAction}`)}</Tag>
      ),
    },
    wafIp: list('wafIp'),
    wafUri: list('wafUri'),
    wafCountry: list('wafCountry'),
    wafIsp: list('wafIsp'),
    wafProxyType: list('wafProxyType'),
    wafHeaders: list('wafHeaders'),
    wafHttpMethod: list('wafHttpMethod'),
    wafRate: {
      key: 'wafRate',
      title: t('wafRules:fields.wafRate'),
      render: (_, rule) => rule.wafRate || <Typography.Text type="secondary">-</Typography.Text>,
    },
    wafOwasp: list('wafOwasp'),
    wafIpExclude: list('wafIpExclude'),
    wafUriExclude: list('wafUriExclude'),
    wafHeadersExclude: list('wafHeadersExclude'),
    wafHeadersNotExist: list('wafHeadersNotExist'),
    usage: {
      key: 'usage',
      title: t('wafRules:fields.usage'),
      // The count, and the lines' names on hover.
      render: (_, rule) => (
        <Tooltip
          title={rule.usedBy.length ? t('wafRules:usedBy', { names: rule.usedBy.join(', ') }) : t('wafRules:notUsed')}
        >
          <Typography.Text strong={rule.usageCount > 0} data-testid={`waf-rule-usage-${rule.ruleName}`}>
            {rule.usageCount}
          </Typography.Text>
        </Tooltip>
      ),
    },
    description: {
      key: 'description',
      title: t('wafRules:fields.description'),
      render: (_, rule) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: rule.description }} style={{ margin: 0, maxWidth: 240 }}>
          {rule.description}
        </Typography.Paragraph>
      ),
    },
    status: {
      key: 'status',
      title: t('wafRules:fields.status'),
      render: (_, rule) => (
        <Space orientation="vertical" size={2}>
          <Tag
            color={rule.status !== 'Running' ? 'processing' : rule.lastError ? 'orange' : 'green'}
            data-testid={`waf-rule-status-${rule.ruleName}`}
          >
            {t(`wafRules:status.${rule.status}`)}
          </Tag>
          {rule.lastError ? (
            <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`waf-rule-error-${rule.ruleName}`}>
              {t('wafRules:lastError', { error: deployFailureText(rule.lastError) })}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    createdBy: { key: 'createdBy', title: t('wafRules:fields.createdBy'), dataIndex: 'createdBy' },
    createdAt: { key: 'createdAt', title: t('wafRules:fields.createdAt'), render: (_, rule) => date(rule.createdAt) },
    updatedAt: { key: 'updatedAt', title: t('wafRules:fields.updatedAt'), render: (_, rule) => date(rule.updatedAt) },
    log: {
      key: 'log',
      title: t('wafRules:fields.log'),
      render: (_, rule) => (
        <Button
          size="small"
          onClick={() => onLog(rule)}
          aria-label={`${t('wafRules:log')} ${rule.ruleName}`}
          data-testid={`waf-rule-log-${rule.ruleName}`}
        >
          {t('wafRules:log')}
        </Button>
      ),
    },
  };
}
