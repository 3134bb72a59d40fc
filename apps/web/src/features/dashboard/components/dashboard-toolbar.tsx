import { FileSearchOutlined, UndoOutlined } from '@ant-design/icons';
import { DASHBOARD_FILTERS_MAX, DASHBOARD_TABS } from '@parapet/shared';
import { Button, Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { EventFilterBar } from '@/components/event-filters/event-filter-bar';
import { TimeRangeControl } from '@/components/time-range/time-range-control';
import { useKeptDays } from '@/components/time-range/use-kept-days';
import { DASHBOARD_FILTER_FIELDS } from '../filter-fields';
import { useDashboardState } from '../state/dashboard-state';
import { tabOfPath } from '../tab-requests';
import { useEventLogLink } from './use-event-log-link';

/**
 * Above every tab: the time range (with the zoom's Reset) and the filters, shared by all tabs,
 * and a link to the events the tab counts in the event log: its range (a zoom's too), its own
 * filters (the Firewall tab's "WAF, not allowed") and the user's.
 */
export function DashboardToolbar({ groupName }: { groupName: string | undefined }) {
  const { t } = useTranslation(['dashboard', 'events']);
  const { options, setRange, resetZoom, setFilters } = useDashboardState();
  const { range, zoomed } = options.dateRange;
  const keptDays = useKeptDays(groupName);
  const tab = DASHBOARD_TABS[tabOfPath(useLocation().pathname)];
  const logLink = useEventLogLink(groupName);
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      <Flex wrap gap={8} align="center">
        <TimeRangeControl value={range} onChange={setRange} keptDays={keptDays} testId="dashboard-range" />
        {zoomed && (
          <>
            <Tag color="processing" data-testid="dashboard-zoomed">
              {t('dashboard:zoom.zoomed')}
            </Tag>
            <Button size="small" icon={<UndoOutlined />} onClick={resetZoom} data-testid="dashboard-zoom-reset">
              {t('dashboard:zoom.reset')}
            </Button>
          </>
        )}
        {logLink && (
          <Tooltip title={t('events:log.openInLogHint')}>
            <Link
              to={logLink({ range, filters: [...tab.baseFilters, ...options.filters] })}
              style={{ marginInlineStart: 'auto' }}
              data-testid="dashboard-open-log"
            >
              <FileSearchOutlined /> {t('events:log.openInLog')}
            </Link>
          </Tooltip>
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
