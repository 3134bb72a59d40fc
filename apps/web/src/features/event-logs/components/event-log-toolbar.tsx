import { DownloadOutlined, FilterOutlined } from '@ant-design/icons';
import {
  EVENT_EXPORT_FORMATS,
  EVENT_EXPORT_MAX_ROWS,
  EVENT_REQ_ID_MAX_LENGTH,
  EVENT_TEXT_MAX_LENGTH,
  type EventExportFormat,
} from '@parapet/shared';
import { Button, Checkbox, Dropdown, Input, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnSelector, type ColumnSelectorProps } from '@/components/column-selector';
import { TimeRangeControl } from '@/components/time-range/time-range-control';
import { useKeptDays } from '@/components/time-range/use-kept-days';
import type { TimeRangeValue } from '@/components/time-range/time-range';
import type { EventLogView } from '@/lib/event-log-link';
import { formatCount } from '@/lib/format-units';

/** What the search box asks: a req_id, or with Deep Search text in the path, query string or headers. */
export type LogSearch = EventLogView['search'];

/** The longest text the search may send: a req_id, or the deep search's text. */
const searchMaxLength = (deep: boolean) => (deep ? EVENT_TEXT_MAX_LENGTH : EVENT_REQ_ID_MAX_LENGTH);

interface EventLogToolbarProps {
  /** The group whose plan bounds the time range. */
  groupName: string;
  range: TimeRangeValue;
  onRange: (range: TimeRangeValue) => void;
  search: LogSearch;
  onSearch: (search: LogSearch) => void;
  onFilters: () => void;
  columns: ColumnSelectorProps;
  exporting: boolean;
  onExport: (format: EventExportFormat) => void;
}

/** Time range, the req_id search with Deep Search, the filter modal, the column selector and export. */
export function EventLogToolbar(props: EventLogToolbarProps) {
  const { groupName, range, onRange, search, onSearch, onFilters, columns, exporting, onExport } = props;
  const keptDays = useKeptDays(groupName);
  const { t, i18n } = useTranslation(['events', 'fieldErrors']);
  const max = formatCount(EVENT_EXPORT_MAX_ROWS, i18n.language);
  const [text, setText] = useState(search.text);
  // A search that changes from elsewhere (a link, the menu's plain /event-logs) shows in the box.
  const [searched, setSearched] = useState(search.text);
  if (searched !== search.text) {
    setSearched(search.text);
    setText(search.text);
  }
  // Too long for what it would search: said beside the box, and nothing is sent (the box does
  // not cut a pasted text short, which would search something nobody typed).
  const [tooLong, setTooLong] = useState<number>();
  const submit = (next: LogSearch) => {
    const limit = searchMaxLength(next.deep);
    if (next.text.length > limit) return setTooLong(limit);
    setTooLong(undefined);
    onSearch(next);
  };
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <TimeRangeControl value={range} onChange={onRange} keptDays={keptDays} testId="event-log-range" />
      <Tooltip
        open={tooLong !== undefined}
        title={
          tooLong === undefined ? undefined : t('fieldErrors:too_long', { max: formatCount(tooLong, i18n.language) })
        }
      >
        <Input.Search
          allowClear
          value={text}
          status={tooLong === undefined ? undefined : 'error'}
          onChange={(event) => {
            setText(event.target.value);
            setTooLong(undefined);
          }}
          onSearch={(value) => submit({ text: value.trim(), deep: search.deep })}
          placeholder={t('log.search')}
          aria-label={t('log.search')}
          style={{ width: 260 }}
          data-testid="event-log-search"
        />
      </Tooltip>
      <Tooltip title={t('log.deepSearchHint')}>
        <Checkbox
          checked={search.deep}
          onChange={(event) => submit({ text: text.trim(), deep: event.target.checked })}
          data-testid="event-log-deep"
        >
          {t('log.deepSearch')}
        </Checkbox>
      </Tooltip>
      <Button icon={<FilterOutlined />} onClick={onFilters} data-testid="event-log-filters">
        {t('log.filters')}
      </Button>
      <ColumnSelector {...columns} />
      <Dropdown
        trigger={['click']}
        menu={{
          items: EVENT_EXPORT_FORMATS.map((format) => ({
            key: format,
            label: t(format === 'csv' ? 'log.exportCsv' : 'log.exportNdjson', { max }),
            'data-testid': `event-log-export-${format}`,
          })),
          onClick: ({ key }) => onExport(key as EventExportFormat),
        }}
      >
        <Button icon={<DownloadOutlined />} loading={exporting} data-testid="event-log-export">
          {t('log.export')}
        </Button>
      </Dropdown>
    </Space>
  );
}
