import { StopOutlined } from '@ant-design/icons';
import { SOURCE_LIST_SIZE_DEFAULT, SOURCE_LIST_SIZES, type EventMetric, type SourceListSize } from '@parapet/shared';
import { Button, Empty, Flex, Segmented, Spin, Tooltip, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMetric } from '@/lib/format-units';
import { ChartFailed } from './chart-failed';
import { itemLabel, type OnSelect, type RankedItem } from './ranked-item';

export interface SourceListProps {
  /** Largest first, as the store ranks them; the list shows the first `size`. */
  items: RankedItem[];
  metric: EventMetric;
  language: string;
  title?: ReactNode;
  /** Controlled size; without it the list keeps its own, starting at SOURCE_LIST_SIZE_DEFAULT. */
  size?: SourceListSize;
  onSizeChange?: (size: SourceListSize) => void;
  /** A row clicked (`is`) or excluded (`is_not`). */
  onSelect?: OnSelect;
  loading?: boolean;
  /** The list could not be fetched: said so, rather than "No data". */
  failed?: boolean;
  /** With `failed`: the call was refused for its range, by this field code. */
  failedRange?: string | undefined;
  testId?: string;
}

/** A ranked list of sources (IPs, paths, countries...) with a bar for each one's share of the top value. */
export function SourceList({
  items,
  metric,
  language,
  title,
  size,
  onSizeChange,
  onSelect,
  loading = false,
  failed = false,
  failedRange,
  testId = 'source-list',
}: SourceListProps) {
  const { t } = useTranslation('charts', { lng: language });
  const { token } = theme.useToken();
  const hintId = useId();
  const [ownSize, setOwnSize] = useState<SourceListSize>(SOURCE_LIST_SIZE_DEFAULT);
  const shown = size ?? ownSize;
  const rows = items.slice(0, shown);
  const top = Math.max(0, ...rows.map((item) => item.value));

  const changeSize = (next: SourceListSize) => {
    setOwnSize(next);
    onSizeChange?.(next);
  };

  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text strong>{title}</Typography.Text>
        <Segmented<SourceListSize>
          size="small"
          aria-label={t('listSize')}
          value={shown}
          onChange={changeSize}
          options={SOURCE_LIST_SIZES.map((value) => ({ value, label: t('listSizeOption', { count: value }) }))}
        />
      </Flex>
      <Spin spinning={loading}>
        {failed ? (
          <ChartFailed language={language} testId={`${testId}-failed`} rangeCode={failedRange} />
        ) : rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />
        ) : (
          <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows.map((item, index) => {
              const label = itemLabel(item);
              const share = top > 0 ? (item.value / top) * 100 : 0;
              const hint = `${hintId}-${index}`;
              return (
                <li key={item.key} data-testid={`${testId}-row`} style={{ padding: '4px 0' }}>
                  {/* What pressing the row does, said after its name. Hidden: it is read only
                      through aria-describedby, not a second time as text of the list. */}
                  {onSelect ? (
                    <span id={hint} hidden>
                      {t('filterItem', { name: label })}
                    </span>
                  ) : null}
                  <Flex align="center" gap={8}>
                    <Typography.Text type="secondary" style={{ width: 20, textAlign: 'right' }}>
                      {index + 1}
                    </Typography.Text>
                    <button
                      type="button"
                      disabled={!onSelect}
                      onClick={() => onSelect?.(item.key, 'is')}
                      // Named by what it shows, the item and its figure (WCAG 2.5.3: a name
                      // that did not contain the visible text left speech users unable to
                      // say it); the filter it adds is its description.
                      aria-describedby={onSelect ? hint : undefined}
                      title={label}
                      style={{
                        flex: 1,
                        minWidth: 0,
                        border: 0,
                        padding: 0,
                        background: 'none',
                        textAlign: 'left',
                        cursor: onSelect ? 'pointer' : 'default',
                        color: 'inherit',
                        font: 'inherit',
                      }}
                    >
                      <Flex justify="space-between" gap={8}>
                        <Typography.Text ellipsis>{label}</Typography.Text>
                        <Typography.Text style={{ whiteSpace: 'nowrap' }}>
                          {formatMetric(metric, item.value, language)}
                        </Typography.Text>
                      </Flex>
                      <div
                        style={{
                          height: 4,
                          marginTop: 2,
                          borderRadius: 2,
                          background: token.colorFillSecondary,
                        }}
                      >
                        <div
                          data-testid={`${testId}-bar`}
                          style={{
                            width: `${share}%`,
                            height: '100%',
                            borderRadius: 2,
                            background: token.colorPrimary,
                          }}
                        />
                      </div>
                    </button>
                    {onSelect ? (
                      <Tooltip title={t('exclude')}>
                        <Button
                          type="text"
                          size="small"
                          icon={<StopOutlined />}
                          aria-label={t('excludeItem', { name: label })}
                          onClick={() => onSelect(item.key, 'is_not')}
                        />
                      </Tooltip>
                    ) : null}
                  </Flex>
                </li>
              );
            })}
          </ol>
        )}
      </Spin>
    </Flex>
  );
}
