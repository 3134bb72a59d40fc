import type { EventDimension, EventMetric, SourceListSize, TabTopRequest } from '@parapet/shared';
import { Card } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEventValueLabel } from '@/components/event-filters/value-labels';
import { refusedRangeCode } from '@/components/time-range/time-range';
import { useDashboardTop } from '../api/get-dashboard-top';
import { SourceList, type RankedItem } from '../charts';
import { filterForValue, toTopRequest, type CallScope } from '../tab-requests';
import { useClickToFilter } from './use-click-to-filter';

/** Ranked values of one field, with names for actions and countries; a row click filters by it. */
export function useRankedItems(request: TabTopRequest, scope: CallScope | undefined) {
  const top = useDashboardTop(scope && toTopRequest(scope, request));
  const valueLabel = useEventValueLabel();
  const entries = top.data?.entries;
  // The same answer gives the same array, so a chart fed it does not redraw on every render.
  const items: RankedItem[] = useMemo(
    () =>
      (entries ?? []).map((entry) => ({
        key: entry.key,
        label: valueLabel(request.dimension, entry.key),
        value: entry.value,
      })),
    [entries, valueLabel, request.dimension],
  );
  return {
    items,
    loading: top.isPending && scope !== undefined,
    failed: top.isError,
    failedRange: refusedRangeCode(top.error),
  };
}

/** A source list in a card; `extra` goes in the card's head (the by-source card's field choice). */
export function SourceListCard({
  title,
  extra,
  request,
  scope,
  size,
  onSizeChange,
  testId,
}: {
  title: ReactNode;
  extra?: ReactNode;
  request: TabTopRequest;
  scope: CallScope | undefined;
  size?: SourceListSize;
  onSizeChange?: (size: SourceListSize) => void;
  testId: string;
}) {
  const { i18n } = useTranslation();
  const { items, loading, failed, failedRange } = useRankedItems(request, scope);
  const clickToFilter = useClickToFilter();
  const field: EventDimension = request.dimension;
  const metric: EventMetric = request.metric;
  return (
    <Card size="small" title={title} extra={extra}>
      <SourceList
        items={items}
        metric={metric}
        language={i18n.language}
        loading={loading}
        failed={failed}
        failedRange={failedRange}
        onSelect={(key, op) => clickToFilter(filterForValue(field, key, op))}
        testId={testId}
        {...(size !== undefined ? { size } : {})}
        {...(onSizeChange ? { onSizeChange } : {})}
      />
    </Card>
  );
}
