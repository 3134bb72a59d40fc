import { UndoOutlined } from '@ant-design/icons';
import { DASHBOARD_FILTERS_MAX, EVENT_FILTER_FIELDS, type EventFilterField } from '@parapet/shared';
import { Button, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { EventFilterBar } from '@/components/event-filters/event-filter-bar';
import { TimeRangeControl } from '@/components/time-range/time-range-control';
import { useKeptDays } from '@/components/time-range/use-kept-days';
import { useDashboardState } from '../state/dashboard-state';

/**
 * A request id, a query string or a whole URL names one request or nearly; none is a way to cut
 * a chart (each would also read the raw events, not the rollups), so the dashboard does not offer
 * them. The event log does.
 */
const ONE_REQUEST_FIELDS: readonly EventFilterField[] = ['req_id', 'args', 'request_url'];
const DASHBOARD_FILTER_FIELDS: readonly EventFilterField[] = EVENT_FILTER_FIELDS.filter(
  (field) => !ONE_REQUEST_FIELDS.includes(field),
);

/** Above every tab: the time range (with the zoom's Reset) and the filters, shared by all tabs. */
export function DashboardToolbar({ groupName }: { groupName: string | undefined }) {
  const { t } = useTranslation('dashboard');
  const { options, setRange, resetZoom, setFilters } = useDashboardState();
  const { range, zoomed } = options.dateRange;
  const keptDays = useKeptDays(groupName);
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      <Flex wrap gap={8} align="center">
        <TimeRangeControl value={range} onChange={setRange} keptDays={keptDays} testId="dashboard-range" />
        {zoomed && (
          <>
            <Tag color="processing" data-testid="dashboard-zoomed">
              {t('zoom.zoomed')}
            </Tag>
            <Button size="small" icon={<UndoOutlined />} onClick={resetZoom} data-testid="dashboard-zoom-reset">
              {t('zoom.reset')}
            </Button>
          </>
        )}
      </Flex>
      <EventFilterBar
        filters={options.filters}
        onChange={setFilters}
        fields={DASHBOARD_FILTER_FIELDS}
        max={DASHBOARD_FILTERS_MAX}
        {...(groupName ? { suggestionScope: { groupName, dateRange: range, filters: options.filters } } : {})}
      />
    </Flex>
  );
}
