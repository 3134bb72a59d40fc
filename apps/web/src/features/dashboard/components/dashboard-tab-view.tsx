import {
  tabRequests,
  type DashboardTab,
  type TabActivityRequest,
  type TabSeriesRequest,
  type TabTopRequest,
} from '@parapet/shared';
import { Alert, Col, Row } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardSeries } from '../api/get-dashboard-series';
import { loadDrawnCharts } from '../charts';
import { useDashboardState } from '../state/dashboard-state';
import { sourceLists, toSeriesRequest } from '../tab-requests';
import { ActivityLog } from './activity-log';
import { BreakdownCard } from './breakdown-card';
import { BySourceCard } from './by-source-card';
import { ChooseGroup } from './choose-group';
import { MainChartCard } from './main-chart-card';
import { SourceListCard } from './source-list-card';
import { TileCard } from './tile-card';
import { useCallScope } from './use-scope';

const GUTTER: [number, number] = [16, 16];

/**
 * What an empty tab says. The Firewall and Web Protection tabs count only what a rule matched,
 * so a group with traffic but no such requests was told it had no events at all.
 */
function emptyMessage(tab: DashboardTab, filtered: boolean) {
  switch (tab.id) {
    case 'firewall':
      return filtered ? 'dashboard:empty.firewallWithFilters' : 'dashboard:empty.firewall';
    case 'webProtection':
      return filtered ? 'dashboard:empty.webProtectionWithFilters' : 'dashboard:empty.webProtection';
    default:
      return filtered ? 'dashboard:empty.withFilters' : 'dashboard:empty.noEvents';
  }
}

/** A tab's widgets, as its description in shared lists them, for the user's range and filters. */
export function DashboardTabView({ tab, groupName }: { tab: DashboardTab; groupName: string | undefined }) {
  const { t } = useTranslation(['dashboard', 'events']);
  const { options, setSourceListSize } = useDashboardState();
  // The charts' code loads once the tab has shown, not before its figures (lazy-charts.tsx).
  useEffect(() => void loadDrawnCharts().catch(() => undefined), []);
  const scope = useCallScope(groupName);
  const requests = tabRequests(tab, {
    filters: options.filters,
    chartOptions: options.chartOptions[tab.id],
    sourceListSize: options.sourceListSize,
  });
  const series = (id: string) => requests.find((r): r is TabSeriesRequest => r.kind === 'series' && r.id === id);
  const top = (id: string) => requests.find((r): r is TabTopRequest => r.kind === 'top' && r.id === id);
  const activity = requests.find((r): r is TabActivityRequest => r.kind === 'activity');
  const { bySource, ownLists } = sourceLists(tab, requests);
  const mainCharts = requests.filter((r): r is TabSeriesRequest => r.kind === 'series' && r.id.startsWith('mainChart'));

  // The first tile counts everything the tab shows: when it is empty, the whole tab is.
  const firstTile = tab.tiles[0] && series(`tile:${tab.tiles[0].id}`);
  const totals = useDashboardSeries(scope && firstTile ? toSeriesRequest(scope, firstTile) : undefined);
  const noData = totals.data !== undefined && totals.data.points.length === 0;

  if (!groupName) return <ChooseGroup />;
  return (
    <div data-testid={`dashboard-tab-${tab.id}`}>
      {noData && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('dashboard:empty.title')}
          description={t(emptyMessage(tab, options.filters.length > 0), { groupName })}
          data-testid="dashboard-no-data"
        />
      )}
      <Row gutter={GUTTER}>
        {tab.tiles.map((tile) => {
          const request = series(`tile:${tile.id}`);
          return request ? (
            <Col key={tile.id} xs={24} sm={12} lg={6}>
              <TileCard tile={tile} request={request} scope={scope} />
            </Col>
          ) : null;
        })}
        <Col span={24}>
          <MainChartCard tab={tab} requests={mainCharts} scope={scope} />
        </Col>
        {tab.breakdowns.map((breakdown) => {
          const request = top(`breakdown:${breakdown.id}`);
          return request ? (
            <Col key={breakdown.id} xs={24} lg={breakdown.visualization === 'map' ? 24 : 12}>
              <BreakdownCard breakdown={breakdown} request={request} scope={scope} />
            </Col>
          ) : null;
        })}
        <Col xs={24} lg={12}>
          <BySourceCard
            tab={tab}
            requests={bySource}
            scope={scope}
            size={options.sourceListSize}
            onSizeChange={setSourceListSize}
          />
        </Col>
        {ownLists.map((request) => (
          <Col key={request.id} xs={24} lg={12}>
            <SourceListCard
              title={t(`dashboard:widgets.${request.id.replace('source:', '')}` as 'dashboard:widgets.cachedUri')}
              request={request}
              scope={scope}
              size={options.sourceListSize}
              onSizeChange={setSourceListSize}
              testId={`dashboard-${request.id.replace('source:', '')}`}
            />
          </Col>
        ))}
        {activity && (
          <Col span={24}>
            <ActivityLog request={activity} scope={scope} />
          </Col>
        )}
      </Row>
    </div>
  );
}
