import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import type { RuleTrace } from '@parapet/shared';
import { Space, Table, Tag, Tooltip, Typography, theme } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

const VERDICT_COLOR: Record<RuleTrace['verdict'], string | undefined> = {
  matched: 'blue',
  not_matched: undefined,
  spared: 'gold',
  disabled: undefined,
  not_reached: undefined,
};

/** Why a rule had its verdict: each condition held or not (and the entry that matched), the exclusion that spared it. */
function Why({ trace }: { trace: RuleTrace }) {
  const { t } = useTranslation('wafTester');
  const { token } = theme.useToken();
  if (trace.verdict === 'disabled' || trace.verdict === 'not_reached')
    return <Typography.Text type="secondary">{t(`why.${trace.verdict}`)}</Typography.Text>;
  return (
    <Space orientation="vertical" size={2}>
      {trace.conditions.map((condition) => (
        <Space
          key={condition.field}
          size={6}
          wrap
          data-testid={`tester-condition-${trace.ruleName}-${condition.field}`}
          data-matched={condition.matched}
        >
          {condition.matched ? (
            <CheckCircleFilled style={{ color: token.colorSuccess }} aria-label={t('why.held')} />
          ) : (
            <CloseCircleOutlined style={{ color: token.colorTextTertiary }} aria-label={t('why.failed')} />
          )}
          <span>{t(`conditions.${condition.field}`)}</span>
          {condition.value !== undefined ? <Typography.Text code>{condition.value}</Typography.Text> : null}
          {condition.edgeJudged ? (
            <Tooltip title={t('why.edgeJudgedHint')}>
              <Tag color="purple" data-testid={`tester-edge-judged-${trace.ruleName}-${condition.field}`}>
                {t('why.edgeJudged')}
              </Tag>
            </Tooltip>
          ) : null}
        </Space>
      ))}
      {trace.sparedBy ? (
        <Space size={6} wrap data-testid={`tester-spared-${trace.ruleName}`}>
          <Typography.Text>{t('why.sparedBy', { field: t(`exclusions.${trace.sparedBy.field}`) })}</Typography.Text>
          {trace.sparedBy.value ? <Typography.Text code>{trace.sparedBy.value}</Typography.Text> : null}
        </Space>
      ) : null}
    </Space>
  );
}

interface TraceRow extends RuleTrace {
  order: number;
}

/** The rules in the order they were judged, each with its verdict and why. */
export function TesterTrace({ rules }: { rules: RuleTrace[] }) {
  const { t } = useTranslation(['wafTester', 'plans']);
  const rows: TraceRow[] = rules.map((rule, index) => ({ ...rule, order: index + 1 }));
  return (
    <Table<TraceRow>
      rowKey="order"
      size="small"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: t('noRules') }}
      onRow={(rule) => ({ 'data-testid': `tester-rule-${rule.ruleName}` }) as HTMLAttributes<HTMLElement>}
      columns={[
        { key: 'order', title: t('trace.order'), dataIndex: 'order', width: 56 },
        { key: 'rule', title: t('trace.rule'), dataIndex: 'ruleName' },
        { key: 'action', title: t('trace.action'), render: (_, rule) => t(`plans:wafActions.${rule.action}`) },
        {
          key: 'verdict',
          title: t('trace.verdict'),
          render: (_, rule) => (
            <Tag color={VERDICT_COLOR[rule.verdict]} data-testid={`tester-verdict-${rule.ruleName}`}>
              {t(`verdicts.${rule.verdict}`)}
            </Tag>
          ),
        },
        { key: 'why', title: t('trace.why'), render: (_, rule) => <Why trace={rule} /> },
      ]}
      data-testid="tester-trace"
    />
  );
}
