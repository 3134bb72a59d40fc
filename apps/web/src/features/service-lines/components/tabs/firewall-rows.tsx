import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { LINE_RULES_SHOWN } from '@parapet/shared';
import {
  Button,
  Form,
  Space,
  Switch,
  Table,
  theme,
  type FormInstance,
  type FormListFieldData,
  type FormListOperation,
} from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrorMessage } from '@/lib/form-errors';
import type { WafRuleChoice } from '../../api/list-group-waf-rules';
import { RuleAction, RuleName, shownRows, ShowMore } from './firewall-cells';
import { useRowDrag } from './firewall-drag';

interface FirewallRowsProps {
  form: FormInstance;
  groupName: string;
  fields: FormListFieldData[];
  operations: FormListOperation;
  /** The group's rules by name, once read (a name not among them is refused on save). */
  byName: ReadonlyMap<string, WafRuleChoice> | undefined;
  all: boolean;
  onShowAll: () => void;
}

interface Row {
  field: FormListFieldData;
  index: number;
  name: string;
}

/** The editable rows of the line's rules: drag handle, order, name, action, switch, arrows, remove. */
export function FirewallRows({ form, groupName, fields, operations, byName, all, onShowAll }: FirewallRowsProps) {
  const { t } = useTranslation('serviceLines');
  const message = useFieldErrorMessage();
  const { token } = theme.useToken();
  const { move, remove } = operations;
  const moveTo = (from: number, to: number) => {
    // A row moved past the first rows stays in sight.
    if (to >= LINE_RULES_SHOWN) onShowAll();
    move(from, to);
  };
  const drag = useRowDrag(moveTo);

  const rows: Row[] = fields.map((field, index) => ({
    field,
    index,
    name: String(form.getFieldValue(['usedWafRules', field.name, 'value']) ?? ''),
  }));
  const last = rows.length - 1;

  // A rule deleted since the line was saved is named with the server's own words for it.
  const exists = (name: string) =>
    !byName || byName.has(name) ? Promise.resolve() : Promise.reject(new Error(message('not_found', { value: name })));

  return (
    <>
      <Table<Row>
        rowKey={(row) => row.field.key}
        size="small"
        pagination={false}
        dataSource={shownRows(rows, all)}
        locale={{ emptyText: t('firewall.empty') }}
        onRow={(row) =>
          ({
            ...drag.rowProps(row.index),
            style: drag.over === row.index ? { background: token.colorPrimaryBg } : undefined,
            'data-testid': `waf-rule-row-${row.name}`,
          }) as HTMLAttributes<HTMLElement>
        }
        columns={[
          {
            key: 'drag',
            width: 32,
            render: () => <HolderOutlined aria-hidden style={{ cursor: 'grab', color: token.colorTextTertiary }} />,
          },
          { key: 'order', title: t('firewall.order'), width: 64, render: (_, row) => row.index + 1 },
          {
            key: 'rule',
            title: t('firewall.rule'),
            render: (_, row) => (
              <Form.Item
                name={[row.field.name, 'value']}
                rules={[{ validator: () => exists(row.name) }]}
                style={{ marginBottom: 0 }}
              >
                <RuleName
                  groupName={groupName}
                  name={row.name}
                  missing={byName !== undefined && !byName.has(row.name)}
                />
              </Form.Item>
            ),
          },
          {
            key: 'action',
            title: t('firewall.action'),
            render: (_, row) => <RuleAction rule={byName?.get(row.name)} />,
          },
          {
            key: 'enabled',
            title: t('firewall.enabled'),
            render: (_, row) => (
              <Form.Item name={[row.field.name, 'isEnabled']} valuePropName="checked" noStyle>
                <Switch
                  aria-label={t('firewall.switch', { rule: row.name })}
                  data-testid={`waf-rule-switch-${row.name}`}
                />
              </Form.Item>
            ),
          },
          {
            key: 'actions',
            title: t('fields.actions'),
            render: (_, row) => (
              <Space size={4}>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  disabled={row.index === 0}
                  onClick={() => moveTo(row.index, row.index - 1)}
                  aria-label={t('firewall.moveUp', { rule: row.name })}
                  data-testid={`waf-rule-up-${row.name}`}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={row.index === last}
                  onClick={() => moveTo(row.index, row.index + 1)}
                  aria-label={t('firewall.moveDown', { rule: row.name })}
                  data-testid={`waf-rule-down-${row.name}`}
                />
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => remove(row.field.name)}
                  aria-label={t('firewall.remove', { rule: row.name })}
                  data-testid={`waf-rule-remove-${row.name}`}
                />
              </Space>
            ),
          },
        ]}
        data-testid="waf-rules-table"
      />
      {all ? null : <ShowMore total={rows.length} onClick={onShowAll} />}
    </>
  );
}
