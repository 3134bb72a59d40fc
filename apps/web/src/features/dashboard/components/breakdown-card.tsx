import type { DashboardBreakdown, TabTopRequest } from '@parapet/shared';
import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { BarChart, ChartFailed, PieChart, SourceList, WorldMap, type SelectOp } from '../charts';
import { filterForValue, type CallScope } from '../tab-requests';
import { useRankedItems } from './source-list-card';
import { useClickToFilter } from './use-click-to-filter';

/**
 * One field's shares over the whole range: requests by country on a map with the list beside
 * it, or a pie or bar of a few values (served by, cache status, WAF types). A click filters.
 */
export function BreakdownCard({
  breakdown,
  request,
  scope,
}: {
  breakdown: DashboardBreakdown;
  request: TabTopRequest;
  scope: CallScope | undefined;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const { items, loading, failed, failedRange } = useRankedItems(request, scope);
  const clickToFilter = useClickToFilter();
  const onSelect = (key: string, op: SelectOp) => clickToFilter(filterForValue(breakdown.dimension, key, op));
  const title = t(`widgets.${breakdown.id}` as 'widgets.requestsByCountry');
  const language = i18n.language;
  const metric = breakdown.metric;

  let body;
  // A failed call is said once for the whole card: an empty map and list would read as no traffic.
  if (failed)
    body = (
      <ChartFailed language={language} testId={`dashboard-breakdown-${breakdown.id}-failed`} rangeCode={failedRange} />
    );
  else if (breakdown.visualization === 'map') {
    body = (
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          {items.length > 0 && (
            <WorldMap
              values={items.map((item) => ({ country: item.key, value: item.value }))}
              metric={metric}
              language={language}
              onCountryClick={(country) => onSelect(country, 'is')}
              ariaLabel={title}
            />
          )}
        </Col>
        <Col xs={24} lg={8}>
          <SourceList
            items={items}
            metric={metric}
            language={language}
            loading={loading}
            onSelect={onSelect}
            testId={`dashboard-breakdown-${breakdown.id}-list`}
          />
        </Col>
      </Row>
    );
  } else {
    const Chart = breakdown.visualization === 'pie' ? PieChart : BarChart;
    body = (
      <Chart
        items={items}
        metric={metric}
        language={language}
        loading={loading}
        onSelect={onSelect}
        ariaLabel={title}
      />
    );
  }
  return (
    <Card size="small" title={title} data-testid={`dashboard-breakdown-${breakdown.id}`}>
      {body}
    </Card>
  );
}
