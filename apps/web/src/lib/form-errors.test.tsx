import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { useFormErrors } from './form-rules';
import { initI18n } from './i18n';

initI18n();

/** A form with a plain field and a list, shown a server answer naming one list item. */
function ListForm({ error }: { error: ApiError }) {
  const [form] = Form.useForm();
  const showErrors = useFormErrors(form);
  useEffect(() => {
    showErrors(error);
  }, [error, showErrors]);
  return (
    <Form form={form} initialValues={{ name: 'pool', origins: [{ address: 'a' }, { address: 'a' }] }}>
      <Form.Item name="name">
        <Input />
      </Form.Item>
      <Form.List name="origins">
        {(rows) =>
          rows.map((row) => (
            <Form.Item key={row.key} name={[row.name, 'address']}>
              <Input data-testid={`address-${row.name}`} />
            </Form.Item>
          ))
        }
      </Form.List>
    </Form>
  );
}

describe('useFormErrors', () => {
  it('shows a server field error on the list item it names, and on plain fields', async () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Form Error', { 'origins.1.address': 'duplicate_entry', name: 'taken' });
    render(<ListForm error={error} />);
    const duplicate = await screen.findByText(i18n.t('fieldErrors:duplicate_entry'));
    // Under the second origin's address, not the first's.
    expect(duplicate.closest('.ant-form-item')?.querySelector('[data-testid="address-1"]')).toBeTruthy();
    expect(screen.getByText(i18n.t('fieldErrors:taken'))).toBeTruthy();
  });
});
