import {
  defaultChartOptions,
  tabMetric,
  type ChartOptions,
  type DashboardSeriesAnswer,
  type DashboardTab,
  type EventDimension,
  type TabSeriesRequest,
} from '@parapet/shared';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Alert, Card, Segmented, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEventValueLabel, useFilterChipText } from '@/components/event-filters/value-labels';
import { refusedRangeCode } from '@/components/time-range/time-range';
import { dashboardSeriesQueryOptions, useDashboardSeries } from '../api/get-dashboard-series';
import { refetchIntervalFor } from '../api/live-refresh';
import { ChartFailed, TimeSeriesChart, type TimeSeries } from '../charts';
import { useDashboardState } from '../state/dashboard-state';
import { filterForValue, toSeriesRequest, type CallScope } from '../tab-requests';
import { ChartOptionsButton } from './chart-options-button';
import { useClickToFilter } from './use-click-to-filter';

const ALL = 'all';

/** One series per key of a grouped answer, in the order of their totals (largest first). */
function seriesOfTerms(answer: DashboardSeriesAnswer, label: (key: string) => string): TimeSeries[] {
  const byKey = new Map<string, TimeSeries>();
  const totals = new Map<string, number>();
  for (const point of answer.points) {
    const key = point.key ?? '';
    let series = byKey.get(key);
    if (!series) byKey.set(key, (series = { key, label: label(key), points: [] }));
    series.points.push({ t: point.bucket, v: point.value });
    totals.set(key, (totals.get(key) ?? 0) + point.value);
  }
  return [...byKey.values()].sort((a, b) => (totals.get(b.key ?? '') ?? 0) - (totals.get(a.key ?? '') ?? 0));
}

/**
 * The tab's main chart: its group-by tabs ("All" and the fields GLOSSARY §8.1 lists), the chart
 * options, a drag to zoom and a click on a series to filter by it.
 */
export function MainChartCard({
  tab,
  requests,
  scope,
}: {
  tab: DashboardTab;
  requests: TabSeriesRequest[];
  scope: CallScope | undefined;
}) {
  const { t, i18n } = useTranslation(['dashboard', 'events']);
  const { options, zoom, setChartOptions } = useDashboardState();
  const chart: ChartOptions = options.chartOptions[tab.id] ?? defaultChartOptions(tab);
  const valueLabel = useEventValueLabel();
  const chipText = useFilterChipText();
  const clickToFilter = useClickToFilter();
  const metric = tabMetric(tab, chart);

  // The first series through useQuery, whose placeholder keeps the chart on screen while another
  // range loads (useQueries makes a new observer for a new key, so it would start empty); the
  // other series of a filters group-by beside it.
  const [head, ...rest] = requests;
  const main = useDashboardSeries(scope && head ? toSeriesRequest(scope, head) : undefined);
  const others = useQueries({
    queries: rest.map((request) => ({
      ...dashboardSeriesQueryOptions(scope ? toSeriesRequest(scope, request) : PLACEHOLDER),
      enabled: scope !== undefined,
      placeholderData: keepPreviousData,
      refetchInterval: refetchIntervalFor(scope?.dateRange),
    })),
  });
  const answers = [main, ...others];
  const first = main.data;
  const loading = answers.some((a) => a.isPending && scope !== undefined);
  const failed = answers.some((a) => a.isError);
  const failedRange = answers.map((a) => refusedRangeCode(a.error)).find((code) => code !== undefined);

  const termField = chart.groupBy === 'terms' ? chart.termField : null;
  const mainTitle = t(`dashboard:charts.${tab.mainChart.id}` as 'dashboard:charts.requestSummary');
  // Built again only when the answer changes (react-query keeps an unchanged answer's identity), so the chart does not redraw on every render.
  const mainSeries = useMemo((): TimeSeries[] => {
    if (!first) return [];
    if (termField) return seriesOfTerms(first, (key) => valueLabel(termField, key));
    return [{ key: null, label: mainTitle, points: pointsOf(first) }];
  }, [first, termField, valueLabel, mainTitle]);
  const byFilters = chart.groupBy === 'filters' && chart.groupByFilters.length > 0;
  const series = byFilters
    ? answers.map((answer, index) => {
        const filter = chart.groupByFilters[index];
        return { key: String(index), label: filter ? chipText(filter) : '', points: pointsOf(answer.data) };
      })
    : mainSeries;

  const onSeriesClick = (key: string) => {
    if (chart.groupBy === 'filters') {
      const filter = chart.groupByFilters[Number(key)];
      if (filter) clickToFilter(filter);
    } else if (termField) clickToFilter(filterForValue(termField, key, 'is'));
  };

  const selected =
    chart.groupBy === 'terms' && chart.termField ? chart.termField : chart.groupBy === 'none' ? ALL : undefined;
  const chooseGroupBy = (value: string) =>
    setChartOptions(tab.id, {
      ...chart,
      groupBy: value === ALL ? 'none' : 'terms',
      termField: value === ALL ? null : (value as EventDimension),
    });

  return (
    <Card
      title={mainTitle}
      extra={<ChartOptionsButton tab={tab} value={chart} onChange={(next) => setChartOptions(tab.id, next)} />}
      data-testid="dashboard-main-chart"
    >
      <Segmented
        size="small"
        // Without a name the group is read by rc-segmented's own English "segmented control".
        aria-label={t('dashboard:options.groupBy')}
        value={selected}
        onChange={chooseGroupBy}
        options={tab.mainChart.groupBys.map((field) => ({
          value: field ?? ALL,
          label: (
            <span data-testid={`dashboard-group-by-${field ?? ALL}`}>
              {field ? t(`events:fields.${field}`) : t('dashboard:groupBy.all')}
            </span>
          ),
        }))}
        style={{ marginBottom: 12, maxWidth: '100%', overflowX: 'auto' }}
        data-testid="dashboard-group-by"
      />
      {failed && failedRange !== undefined ? (
        <ChartFailed language={i18n.language} testId="dashboard-main-chart-failed" rangeCode={failedRange} />
      ) : failed ? (
        <Alert type="error" showIcon title={t('dashboard:loadFailed')} />
      ) : first === undefined ? (
        // ECharts starts with the first answer, so a chart is never drawn of nothing.
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <TimeSeriesChart
          series={series}
          metric={metric}
          visualization={chart.visualization}
          bucketMs={first.bucketMs}
          language={i18n.language}
          range={{ from: first.from, to: first.to }}
          onZoom={zoom}
          onSeriesClick={onSeriesClick}
          loading={loading}
          ariaLabel={mainTitle}
        />
      )}
    </Card>
  );
}

const pointsOf = (answer: DashboardSeriesAnswer | undefined) =>
  (answer?.points ?? []).map((p) => ({ t: p.bucket, v: p.value }));

const PLACEHOLDER = { groupName: '', dateRange: { index: 0 }, filters: [], metric: 'requests' as const };
