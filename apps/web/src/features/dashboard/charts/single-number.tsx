import type { EventMetric } from '@parapet/shared';
import { Card, Flex, Skeleton, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMetric } from '@/lib/format-units';
import { ChartFailed } from './chart-failed';
import { Sparkline } from './lazy-charts';
import type { TimePoint, TimeRange } from './time-series-option';
import { useStableData } from './use-stable-data';

export interface SingleNumberProps {
  /** Text, not markup: it also names the sparkline for assistive technology. */
  label: string;
  value: number;
  metric: EventMetric;
  language: string;
  /** A line under the figure (a share, a comparison), already in the language. */
  secondary?: ReactNode;
  /** The figure over time, drawn small under it. */
  sparkline?: { points: TimePoint[]; bucketMs: number; range?: TimeRange };
  loading?: boolean;
  /** The figure could not be fetched: no figure is shown rather than a 0. */
  failed?: boolean;
  /** With `failed`: the call was refused for its range, by this field code. */
  failedRange?: string | undefined;
  /** The tile is the current tab's (the tiles on top of the dashboard are its tabs). */
  active?: boolean;
  renderer?: 'canvas' | 'svg';
  testId?: string;
}

const SPARKLINE_HEIGHT = 48;

/** A tile: a label and one figure with its unit, short; the exact figure on hover. */
export function SingleNumber({
  label,
  value,
  metric,
  language,
  secondary,
  sparkline,
  loading = false,
  failed = false,
  failedRange,
  active = false,
  renderer,
  testId = 'single-number',
}: SingleNumberProps) {
  const { t } = useTranslation('charts', { lng: language });
  const { token } = theme.useToken();
  const line = useStableData(sparkline);
  return (
    <Card
      size="small"
      data-testid={testId}
      style={active ? { borderColor: token.colorPrimary } : undefined}
      styles={{ body: { paddingBottom: line ? 0 : undefined } }}
    >
      <Flex vertical gap={2}>
        <Typography.Text type="secondary">{label}</Typography.Text>
        {failed ? (
          <ChartFailed language={language} testId={`${testId}-failed`} rangeCode={failedRange} />
        ) : loading ? (
          <Skeleton.Input active size="small" />
        ) : (
          <Typography.Text
            strong
            style={{ fontSize: token.fontSizeHeading3 }}
            title={formatMetric(metric, value, language)}
            data-testid={`${testId}-value`}
          >
            {formatMetric(metric, value, language, { compact: true })}
          </Typography.Text>
        )}
        {secondary ? <Typography.Text type="secondary">{secondary}</Typography.Text> : null}
        {line && !failed ? (
          <Sparkline
            line={line}
            color={token.colorPrimary}
            height={SPARKLINE_HEIGHT}
            renderer={renderer}
            ariaLabel={t('overTime', { name: label })}
          />
        ) : null}
      </Flex>
    </Card>
  );
}
