import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { itemParams, useFormErrors, valueAtPath } from './form-errors';
import { initI18n } from './i18n';

initI18n();

/** A form with a plain field and a list, shown a server answer naming one list item. */
function ListForm({ error, initial = ['a', 'a'] }: { error: ApiError; initial?: string[] }) {
  const [form] = Form.useForm();
  const showErrors = useFormErrors(form);
  useEffect(() => {
    showErrors(error);
  }, [error, showErrors]);
  return (
    <Form form={form} initialValues={{ name: 'pool', origins: initial.map((address) => ({ address })) }}>
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
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Form Error', {
      'origins.1.address': 'duplicate_entry',
      name: 'taken',
    });
    render(<ListForm error={error} />);
    // Naming the item: its value, then the message.
    const duplicate = await screen.findByText(`a: ${i18n.t('fieldErrors:duplicate_entry')}`);
    // Under the second origin's address, not the first's.
    expect(duplicate.closest('.ant-form-item')?.querySelector('[data-testid="address-1"]')).toBeTruthy();
    expect(screen.getByText(i18n.t('fieldErrors:taken'))).toBeTruthy();
  });

  it('names the list item at fault: the value at its path, and the line the server says has a domain', async () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Form Error', { 'origins.1.address': 'taken' }, undefined, {
      fieldParams: { 'origins.1.address': { usedBy: 'shop.line' } },
    });
    render(<ListForm error={error} initial={['a.example.com', 'shop.example.com']} />);
    const message = await screen.findByText('shop.example.com is already used by line shop.line.');
    expect(message.closest('.ant-form-item')?.querySelector('[data-testid="address-1"]')).toBeTruthy();
  });

  it('shows the errors of items on the box holding the list, each naming its item', async () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Form Error', {
      'httpPort.1': 'http_port_not_allowed',
      'httpPort.2': 'http_port_not_allowed',
    });
    render(<PortsForm error={error} />);
    expect(
      await screen.findByText('8081: HTTP ports can only be 80, 8080, 8880, 2052, 2082, 2086, 2095.'),
    ).toBeTruthy();
    expect(
      screen
        .getByText('9000: HTTP ports can only be 80, 8080, 8880, 2052, 2082, 2086, 2095.')
        .closest('.ant-form-item')
        ?.querySelector('[data-testid="ports"]'),
    ).toBeTruthy();
  });

  it('takes the value from the server when the form holds the list as text (one domain a line)', async () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Form Error', { 'name.2': 'taken' }, undefined, {
      fieldParams: { 'name.2': { value: 'shop.example.com', usedBy: 'shop.line' } },
    });
    render(<ListForm error={error} />);
    expect(await screen.findByText('shop.example.com is already used by line shop.line.')).toBeTruthy();
  });

  it('translates the named messages', async () => {
    await i18n.changeLanguage('zh-TW');
    try {
      const error = new ApiError(400, 'VALIDATION_FAILED', 'Form Error', { 'origins.0.address': 'taken' }, undefined, {
        fieldParams: { 'origins.0.address': { usedBy: 'shop.line' } },
      });
      render(<ListForm error={error} initial={['shop.example.com']} />);
      expect(await screen.findByText('shop.example.com 已被服務線 shop.line 使用。')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });
});

describe('itemParams', () => {
  it('quotes the value only for an item of a list, stepping into lists by index', () => {
    const values = { name: 'pool', httpPort: [80, 8081], origins: [{ address: 'a' }], servername: 'a\nb' };
    expect(valueAtPath(values, 'httpPort.1')).toBe('8081');
    expect(valueAtPath(values, 'origins.0.address')).toBe('a');
    // Text is not a list: its characters are not items.
    expect(valueAtPath(values, 'servername.1')).toBeUndefined();
    expect(itemParams('name', values)).toEqual({});
    expect(itemParams('httpPort.1', values)).toEqual({ value: '8081' });
    expect(
      itemParams('servername.1', values, { fieldParams: { 'servername.1': { value: 'b', usedBy: 'x.line' } } }),
    ).toEqual({ value: 'b', usedBy: 'x.line' });
  });
});

function PortsForm({ error }: { error: ApiError }) {
  const [form] = Form.useForm();
  const showErrors = useFormErrors(form);
  useEffect(() => {
    showErrors(error);
  }, [error, showErrors]);
  return (
    <Form form={form} initialValues={{ httpPort: [80, 8081, 9000] }}>
      <Form.Item name="httpPort">
        <Select
          mode="multiple"
          options={[80, 8081, 9000].map((p) => ({ value: p, label: String(p) }))}
          data-testid="ports"
        />
      </Form.Item>
    </Form>
  );
}
