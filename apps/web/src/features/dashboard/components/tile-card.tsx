import type { DashboardTile, TabSeriesRequest } from '@parapet/shared';
import { useTranslation } from 'react-i18next';
import { refusedRangeCode } from '@/components/time-range/time-range';
import { useDashboardSeries } from '../api/get-dashboard-series';
import { SingleNumber } from '../charts';
import { toSeriesRequest, type CallScope } from '../tab-requests';

/** A tile at the top of a tab: the total over the range with its unit, and its shape over time. */
export function TileCard({
  tile,
  request,
  scope,
}: {
  tile: DashboardTile;
  request: TabSeriesRequest;
  scope: CallScope | undefined;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const series = useDashboardSeries(scope && toSeriesRequest(scope, request));
  const answer = series.data;
  // Before an answer the figure is not drawn (loading or failed), so this 0 is never shown.
  const total = answer?.points.reduce((sum, point) => sum + point.value, 0) ?? 0;
  return (
    <SingleNumber
      label={t(`tiles.${tile.id}` as 'tiles.requests')}
      value={total}
      metric={tile.metric}
      language={i18n.language}
      loading={answer === undefined && scope !== undefined && !series.isError}
      failed={series.isError}
      failedRange={refusedRangeCode(series.error)}
      // Drawn only with points: a line of nothing says less than the figure 0.
      {...(answer && answer.points.length > 0
        ? {
            sparkline: {
              points: answer.points.map((p) => ({ t: p.bucket, v: p.value })),
              bucketMs: answer.bucketMs,
              range: { from: answer.from, to: answer.to },
            },
          }
        : {})}
      testId={`dashboard-tile-${tile.id}`}
    />
  );
}
