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
  onPrevious: () => void;
  onNext: () => void;
  onPageSize: (size: number) => void;
}

/**
 * Keyset paging (no page numbers: a cursor only knows what comes after it). "Showing X to Y",
 * and "of Z entries" once the last page is reached and the total is known.
 */
export function EventLogPager(props: EventLogPagerProps) {
  const { pageIndex, pageSize, rowCount, hasNext, onPrevious, onNext, onPageSize } = props;
  const { t, i18n } = useTranslation('events');
  const from = formatCount(pageIndex * pageSize + 1, i18n.language);
  const to = formatCount(pageIndex * pageSize + rowCount, i18n.language);
  return (
    <Space wrap style={{ marginTop: 16, justifyContent: 'flex-end', width: '100%' }}>
      {rowCount > 0 ? (
        <Typography.Text type="secondary" data-testid="event-log-showing">
          {hasNext ? t('log.showing', { from, to }) : t('log.showingAll', { from, to, total: to })}
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
