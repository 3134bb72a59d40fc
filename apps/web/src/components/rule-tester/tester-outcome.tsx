import type { WafOutcome } from '@parapet/shared';
import { Descriptions, Space, Tag, Typography, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const KIND_COLOR: Record<WafOutcome['kind'], string> = {
  pass: 'green',
  deny: 'red',
  block: 'red',
  redirect: 'blue',
  page: 'purple',
  challenge: 'gold',
};

function HeaderList({ headers, testId }: { headers: WafOutcome['requestHeaders']; testId: string }) {
  return (
    <Space orientation="vertical" size={0} data-testid={testId}>
      {headers.map(({ name, value }, i) => (
        <Typography.Text key={`${name}-${i}`} code>
          {`${name}: ${value}`}
        </Typography.Text>
      ))}
    </Space>
  );
}

/** What the visitor would get: the result and its status, and each effect the rules had on the request. */
export function TesterOutcome({ outcome }: { outcome: WafOutcome }) {
  const { t } = useTranslation(['wafTester', 'plans']);
  const item = (key: string, label: string, children: ReactNode) => ({
    key,
    label,
    children: <span data-testid={`tester-outcome-${key}`}>{children}</span>,
  });
  const items: DescriptionsProps['items'] = [
    item(
      'result',
      t('outcome.result'),
      <Space size={4} wrap>
        <Tag color={KIND_COLOR[outcome.kind]}>{t(`outcome.kinds.${outcome.kind}`)}</Tag>
        <span>
          {outcome.kind === 'pass'
            ? t('outcome.statusFromOrigin', { status: outcome.status })
            : t('outcome.status', { status: outcome.status })}
        </span>
      </Space>,
    ),
    item(
      'decidedBy',
      t('outcome.decidedBy'),
      outcome.finalRule && outcome.finalAction
        ? t('outcome.rule', { rule: outcome.finalRule, action: t(`plans:wafActions.${outcome.finalAction}`) })
        : t('outcome.noRule'),
    ),
  ];
  if (outcome.page) items.push(item('page', t('outcome.page'), outcome.page));
  if (outcome.location)
    items.push(item('location', t('outcome.location'), <Typography.Text code>{outcome.location}</Typography.Text>));
  if (outcome.speedLimit !== undefined)
    items.push(item('speedLimit', t('outcome.speedLimit'), t('outcome.kbPerSecond', { value: outcome.speedLimit })));
  if (outcome.blockSeconds !== undefined)
    items.push(item('blockSeconds', t('outcome.blockSeconds'), t('outcome.seconds', { count: outcome.blockSeconds })));
  if (outcome.originPolicy) items.push(item('originPolicy', t('outcome.originPolicy'), outcome.originPolicy));
  if (outcome.requestHeaders.length)
    items.push(
      item(
        'requestHeaders',
        t('outcome.requestHeaders'),
        <HeaderList headers={outcome.requestHeaders} testId="tester-request-headers" />,
      ),
    );
  if (outcome.responseHeaders.length)
    items.push(
      item(
        'responseHeaders',
        t('outcome.responseHeaders'),
        <HeaderList headers={outcome.responseHeaders} testId="tester-response-headers" />,
      ),
    );
  if (outcome.logged.length)
    items.push(
      item(
        'logged',
        t('outcome.logged'),
        <Space size={[4, 4]} wrap>
          {outcome.logged.map((rule) => (
            <Tag key={rule}>{rule}</Tag>
          ))}
        </Space>,
      ),
    );

  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      title={t('outcome.title')}
      items={items}
      data-testid="tester-outcome"
    />
  );
}
