import { FilterOutlined } from '@ant-design/icons';
import { WAF_ACTION_CODES, type WafActionCode } from '@parapet/shared';
import { Badge, Button, Checkbox, Input, Modal, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnSelector, type ColumnSelectorProps } from '@/components/column-selector';
import type { ItemList } from '@/components/item-list';
import { FilterSelect, ListFilters } from '@/components/list-filters';
import type { WafRuleFilters } from '../api/list-waf-rules';

/** The filters the modal sets; deep search is the search box's own switch. */
export type RuleListFilters = Omit<WafRuleFilters, 'deepSearch'>;

interface WafRulesToolbarProps {
  list: Pick<ItemList<RuleListFilters>, 'filters' | 'setFilters' | 'setSearch' | 'search'>;
  deepSearch: boolean;
  onDeepSearch: (on: boolean) => void;
  columns: ColumnSelectorProps;
}

/**
 * Above the table (GLOSSARY §5): the rule-name search with its "Deep Search" box (conditions,
 * exclusions and settings too), the filter modal (status, action, creator, created dates; each
 * change applies at once, as in the other lists) and the column selector.
 */
export function WafRulesToolbar({ list, deepSearch, onDeepSearch, columns }: WafRulesToolbarProps) {
  const { t } = useTranslation(['wafRules', 'plans']);
  const [filtering, setFiltering] = useState(false);
  const { filters, setFilters } = list;
  const active = Object.values(filters).filter((value) => value !== undefined).length;
  return (
    <Space
      style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', marginBottom: 16 }}
      wrap
    >
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('wafRules:search')}
          aria-label={t('wafRules:search')}
          style={{ width: 320 }}
          defaultValue={list.search}
          onSearch={list.setSearch}
          data-testid="waf-rules-search"
        />
        <Tooltip title={t('wafRules:deepSearchHint')}>
          <Checkbox
            checked={deepSearch}
            onChange={(e) => onDeepSearch(e.target.checked)}
            data-testid="waf-rules-deep-search"
          >
            {t('wafRules:deepSearch')}
          </Checkbox>
        </Tooltip>
        <Badge count={active} size="small">
          <Button icon={<FilterOutlined />} onClick={() => setFiltering(true)} data-testid="waf-rules-filters">
            {t('wafRules:filters')}
          </Button>
        </Badge>
      </Space>
      <ColumnSelector {...columns} />
      <Modal
        open={filtering}
        title={t('wafRules:filtersTitle')}
        onCancel={() => setFiltering(false)}
        footer={
          <Button type="primary" onClick={() => setFiltering(false)} data-testid="waf-rules-filters-done">
            {t('wafRules:filtersDone')}
          </Button>
        }
        destroyOnHidden
        width={720}
      >
        <ListFilters<Partial<RuleListFilters>>
          value={filters}
          onChange={setFilters}
          extra={
            <FilterSelect<WafActionCode>
              label={t('wafRules:fields.wafAction')}
              value={filters.wafAction}
              options={WAF_ACTION_CODES.map((code) => ({ value: code, label: t(`plans:wafActions.${code}`) }))}
              onChange={(wafAction) => setFilters({ ...filters, wafAction })}
              testId="filter-waf-action"
            />
          }
        />
      </Modal>
    </Space>
  );
}
