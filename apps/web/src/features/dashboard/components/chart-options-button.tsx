import { SettingOutlined } from '@ant-design/icons';
import {
  CHART_GROUP_BYS,
  CHART_GROUP_BY_FILTERS_MAX,
  CHART_METRICS,
  CHART_VISUALIZATIONS,
  EVENT_DIMENSIONS,
  EVENT_TERM_SIZE_MAX,
  chartOptionsSchema,
  defaultChartOptions,
  type ChartMetric,
  type ChartOptions,
  type DashboardTab,
  type EventDimension,
} from '@parapet/shared';
import { Button, Form, InputNumber, Popover, Segmented, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventFilterBar } from '@/components/event-filters/event-filter-bar';

const TAB_METRIC = 'tab' as const;

/**
 * The main chart's options (GLOSSARY §8.3): how it is drawn, what it counts, and how it splits
 * into series (by a field's top terms, or one series per filter).
 */
export function ChartOptionsButton({
  tab,
  value,
  onChange,
}: {
  tab: DashboardTab;
  value: ChartOptions;
  onChange: (next: ChartOptions) => void;
}) {
  const { t } = useTranslation(['dashboard', 'events']);
  const [termSize, setTermSize] = useState<number | null>(value.termSize);
  const termSizeValid = chartOptionsSchema.shape.termSize.safeParse(termSize).success;

  const form = (
    <Form layout="vertical" style={{ width: 320 }} data-testid="chart-options">
      <Form.Item label={t('options.visualization')}>
        <Segmented
          aria-label={t('options.visualization')}
          value={value.visualization}
          onChange={(visualization) => onChange({ ...value, visualization })}
          options={CHART_VISUALIZATIONS.map((v) => ({ value: v, label: t(`options.visualizations.${v}`) }))}
          data-testid="chart-options-visualization"
        />
      </Form.Item>
      <Form.Item label={t('options.metric')}>
        <Select
          value={value.metric ?? TAB_METRIC}
          onChange={(metric: ChartMetric | typeof TAB_METRIC) =>
            onChange({ ...value, metric: metric === TAB_METRIC ? null : metric })
          }
          options={[
            { value: TAB_METRIC, label: t('options.metrics.tab'), 'data-testid': 'chart-options-metric-tab' },
            ...CHART_METRICS.map((m) => ({
              value: m,
              label: t(`options.metrics.${m}`),
              'data-testid': `chart-options-metric-${m}`,
            })),
          ]}
          data-testid="chart-options-metric"
        />
      </Form.Item>
      <Form.Item label={t('options.groupBy')}>
        <Select
          value={value.groupBy}
          onChange={(groupBy) =>
            onChange({
              ...value,
              groupBy,
              termField: groupBy === 'terms' ? (value.termField ?? 'server_name') : value.termField,
            })
          }
          options={CHART_GROUP_BYS.map((g) => ({
            value: g,
            label: t(`options.groupBys.${g}`),
            'data-testid': `chart-options-group-by-${g}`,
          }))}
          data-testid="chart-options-group-by"
        />
      </Form.Item>
      {value.groupBy === 'terms' && (
        <>
          <Form.Item label={t('options.termField')}>
            <Select<EventDimension>
              showSearch={{ optionFilterProp: 'label' }}
              value={value.termField ?? undefined}
              onChange={(termField) => onChange({ ...value, termField })}
              options={EVENT_DIMENSIONS.map((d) => ({
                value: d,
                label: t(`events:fields.${d}`),
                'data-testid': `chart-options-term-field-${d}`,
              }))}
              data-testid="chart-options-term-field"
            />
          </Form.Item>
          <Form.Item
            label={t('options.termSize')}
            validateStatus={termSizeValid ? undefined : 'error'}
            help={termSizeValid ? undefined : t('options.termSizeRange', { max: EVENT_TERM_SIZE_MAX })}
          >
            <InputNumber<number>
              value={termSize}
              // The number is taken as typed: out of range it is refused, never clamped.
              onChange={(next) => {
                setTermSize(next);
                if (chartOptionsSchema.shape.termSize.safeParse(next).success && next !== null)
                  onChange({ ...value, termSize: next });
              }}
              data-testid="chart-options-term-size"
            />
          </Form.Item>
        </>
      )}
      {value.groupBy === 'filters' && (
        <Form.Item label={t('options.groupByFilters')}>
          <EventFilterBar
            filters={value.groupByFilters}
            onChange={(groupByFilters) => onChange({ ...value, groupByFilters })}
            max={CHART_GROUP_BY_FILTERS_MAX}
          />
        </Form.Item>
      )}
      <Button
        size="small"
        onClick={() => {
          const reset = defaultChartOptions(tab);
          setTermSize(reset.termSize);
          onChange(reset);
        }}
        data-testid="chart-options-reset"
      >
        {t('options.reset')}
      </Button>
    </Form>
  );

  return (
    <Popover trigger="click" content={form} title={t('options.title')} placement="bottomRight">
      <Button
        size="small"
        icon={<SettingOutlined />}
        aria-label={t('options.title')}
        data-testid="chart-options-open"
      />
    </Popover>
  );
}
