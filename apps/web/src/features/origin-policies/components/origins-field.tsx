import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { literalOriginProblem, ORIGIN_WEIGHT_MAX, ORIGIN_WEIGHT_MIN } from '@parapet/shared';
import { Button, Form, Input, InputNumber, Space, Switch, Typography, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRangeRule } from '@/lib/form-rules';
import { newOriginRow } from './form-values';

interface OriginsFieldProps {
  /** Rules for a field path such as `origins.1.address`. */
  rules: (name: string) => FormRule[];
  /** The weight box shows only for the `weight` method. */
  weighted: boolean;
}

/**
 * The policy's origins, one row each: address, weight (weight method only), backup and
 * enabled. At least one row always stays. Row fields are `origins.<i>.<field>`, the paths of
 * the server's `fields`, so its answers land on the right row.
 */
export function OriginsField({ rules, weighted }: OriginsFieldProps) {
  const { t } = useTranslation('originPolicies');
  const { t: tf } = useTranslation('fieldErrors');
  const range = useRangeRule();
  // A literal private address (or localhost) is flagged as it is typed. Only a warning: the
  // server decides, since ALLOW_PRIVATE_ORIGINS may permit it, and it also checks host names.
  const privateWarning: FormRule = {
    warningOnly: true,
    validator: async (_, value: unknown) => {
      if (typeof value === 'string' && literalOriginProblem(value) === 'private_origin_address')
        throw new Error(tf('private_origin_address'));
    },
  };
  return (
    <Form.Item label={t('form.origins')} required>
      <Form.List name="origins">
        {(rows, { add, remove }) => (
          <Space orientation="vertical" style={{ width: '100%' }} data-testid="origin-rows">
            {rows.map(({ key, name }) => {
              const n = name + 1;
              return (
                <Space key={key} align="start" wrap data-testid={`origin-row-${name}`}>
                  <Form.Item
                    name={[name, 'address']}
                    rules={[...rules(`origins.${name}.address`), privateWarning]}
                    style={{ marginBottom: 0, width: 300 }}
                  >
                    <Input
                      placeholder={t('form.addressPlaceholder')}
                      aria-label={t('form.originAddress', { n })}
                      autoComplete="off"
                      data-testid={`origin-address-${name}`}
                    />
                  </Form.Item>
                  {weighted ? (
                    // No min/max/precision on the box: it would turn 150 into 100 unasked (see useRangeRule).
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
                        prefix={t('form.weight')}
                        aria-label={t('form.originWeight', { n })}
                        data-testid={`origin-weight-${name}`}
                      />
                    </Form.Item>
                  ) : null}
                  <Form.Item name={[name, 'backup']} valuePropName="checked" style={{ marginBottom: 0 }}>
                    <Switch
                      checkedChildren={t('form.backup')}
                      unCheckedChildren={t('form.backup')}
                      aria-label={t('form.originBackup', { n })}
                      data-testid={`origin-backup-${name}`}
                    />
                  </Form.Item>
                  <Form.Item name={[name, 'enabled']} valuePropName="checked" style={{ marginBottom: 0 }}>
                    <Switch
                      checkedChildren={t('form.enabled')}
                      unCheckedChildren={t('form.enabled')}
                      aria-label={t('form.originEnabled', { n })}
                      data-testid={`origin-enabled-${name}`}
                    />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    disabled={rows.length <= 1}
                    onClick={() => remove(name)}
                    aria-label={t('form.removeOrigin', { n })}
                    data-testid={`origin-remove-${name}`}
                  />
                </Space>
              );
            })}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(newOriginRow())} data-testid="origin-add">
              {t('form.addOrigin')}
            </Button>
            {weighted ? null : <Typography.Text type="secondary">{t('form.weightHint')}</Typography.Text>}
          </Space>
        )}
      </Form.List>
    </Form.Item>
  );
}
