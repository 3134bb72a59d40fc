import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ORIGIN_WEIGHT_MAX, ORIGIN_WEIGHT_MIN } from '@parapet/shared';
import { Button, Form, Input, InputNumber, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRangeRule } from '@/lib/form-rules';
import { newOriginRow } from '../setting/line-form';
import type { EditContext } from '../setting/setting-tab';

/**
 * The line's own origins, one row each: address, weight, backup and enabled. Row fields are
 * `origins.<i>.<field>`, the paths of the server's `fields`, so its answers land on the row.
 */
export function OriginRows({ rules, listRules }: Pick<EditContext, 'rules' | 'listRules'>) {
  const { t } = useTranslation('serviceLines');
  const range = useRangeRule();
  return (
    <Form.Item label={t('fields.origins')} required>
      <Form.List name="origins" rules={listRules('origins')}>
        {(rows, { add, remove }, { errors }) => (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {rows.map(({ key, name }) => (
              <Space key={key} align="start" wrap data-testid={`origin-row-${name}`}>
                <Form.Item
                  name={[name, 'address']}
                  rules={rules(`origins.${name}.address`)}
                  style={{ marginBottom: 0, width: 300 }}
                >
                  <Input
                    placeholder="a.b.c.d"
                    aria-label={`${t('fields.originAddress')} ${name + 1}`}
                    autoComplete="off"
                    data-testid={`field-origins-${name}-address`}
                  />
                </Form.Item>
                {/* No min/max on the box: it would correct 150 to 100 unasked (see useRangeRule). */}
                <Form.Item
                  name={[name, 'weight']}
                  rules={[
                    range({ min: ORIGIN_WEIGHT_MIN, max: ORIGIN_WEIGHT_MAX }),
                    ...rules(`origins.${name}.weight`),
                  ]}
                  validateFirst
                  style={{ marginBottom: 0 }}
                >
                  <InputNumber
                    prefix={t('fields.originWeight')}
                    aria-label={`${t('fields.originWeight')} ${name + 1}`}
                    data-testid={`field-origins-${name}-weight`}
                  />
                </Form.Item>
                <Form.Item name={[name, 'backup']} valuePropName="checked" style={{ marginBottom: 0 }}>
                  <Switch
                    checkedChildren={t('fields.originBackup')}
                    unCheckedChildren={t('fields.originBackup')}
                    data-testid={`field-origins-${name}-backup`}
                  />
                </Form.Item>
                <Form.Item name={[name, 'enabled']} valuePropName="checked" style={{ marginBottom: 0 }}>
                  <Switch
                    checkedChildren={t('fields.originEnabled')}
                    unCheckedChildren={t('fields.originEnabled')}
                    data-testid={`field-origins-${name}-enabled`}
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  disabled={rows.length <= 1}
                  onClick={() => remove(name)}
                  aria-label={t('origin.removeRow', { n: name + 1 })}
                />
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add(newOriginRow())}
              data-testid="field-origins-add"
            >
              {t('origin.addOrigin')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Space>
        )}
      </Form.List>
    </Form.Item>
  );
}
