import { EVENT_LOG_PAGE_SIZES } from '@parapet/shared';
import { Button, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@/lib/format-units';

interface EventLogPagerProps {
  /** 0 for the first page. */
  pageIndex: number;
  pageSize: number;
  rowCount: number;
  /** False on the last page: then the total is known. */
  hasNext: boolean;
  /** What the search's count answered, if it has (POST /api/event-logs/count). */
  total: number | undefined;
  onPrevious: () => void;
  onNext: () => void;
  onPageSize: (size: number) => void;
}

/**
 * Keyset paging (no page numbers: a cursor only knows what comes after it). "Showing X to Y of
 * Z entries": Z is the search's count, asked beside the first page; on the last page the rows
 * themselves tell it. A count that has not answered, or that is older than the rows (fewer than
 * they reach), is left out rather than shown wrong.
 */
export function EventLogPager(props: EventLogPagerProps) {
  const { pageIndex, pageSize, rowCount, hasNext, total, onPrevious, onNext, onPageSize } = props;
  const { t, i18n } = useTranslation('events');
  const last = pageIndex * pageSize + rowCount;
  const known = hasNext ? (total !== undefined && total > last ? total : undefined) : last;
  const from = formatCount(pageIndex * pageSize + 1, i18n.language);
  const to = formatCount(last, i18n.language);
  return (
    <Space wrap style={{ marginTop: 16, justifyContent: 'flex-end', width: '100%' }}>
      {rowCount > 0 ? (
        <Typography.Text type="secondary" data-testid="event-log-showing">
          {known === undefined
            ? t('log.showing', { from, to })
            : t('log.showingAll', { from, to, total: formatCount(known, i18n.language) })}
        </Typography.Text>
      ) : null}
      <Button disabled={pageIndex === 0} onClick={onPrevious} data-testid="event-log-previous">
        {t('log.previous')}
      </Button>
      <Button disabled={!hasNext} onClick={onNext} data-testid="event-log-next">
        {t('log.next')}
      </Button>
      <Select<number>
        value={pageSize}
        onChange={onPageSize}
        aria-label={t('log.perPageLabel')}
        options={EVENT_LOG_PAGE_SIZES.map((size) => ({
          value: size,
          label: t('log.perPage', { count: size }),
          'data-testid': `event-log-page-size-${size}`,
        }))}
        data-testid="event-log-page-size"
      />
    </Space>
  );
}
