import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/test/providers';
import { createQueryClient } from '@/lib/query-client';
import { FormModal } from './form-modal';

function Harness({ onFinish }: { onFinish: (values: { name: string }) => void }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  return (
    <>
      <button onClick={() => setOpen(true)}>open</button>
      <FormModal
        open={open}
        title="Name it"
        onClose={() => setOpen(false)}
        form={form}
        okText="Go"
        okTestId="ok"
        cancelTestId="cancel"
        loading={false}
      >
        <Form form={form} onFinish={(values) => (onFinish(values), setOpen(false))}>
          <Form.Item name="name">
            <Input data-testid="name" />
          </Form.Item>
        </Form>
      </FormModal>
    </>
  );
}

describe('form modal', () => {
  it('submits the form on OK, and reopens empty after OK or Cancel', async () => {
    const onFinish = vi.fn();
    render(
      <TestProviders queryClient={createQueryClient()}>
        <Harness onFinish={onFinish} />
      </TestProviders>,
    );
    const reopen = async () => {
      fireEvent.click(screen.getByText('open'));
      return (await screen.findByTestId('name')) as HTMLInputElement;
    };

    fireEvent.change(await reopen(), { target: { value: 'alpha' } });
    fireEvent.click(screen.getByTestId('ok'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ name: 'alpha' }));
    // jsdom never ends the closing animation, so the field is still there to be read.
    await waitFor(() => expect((screen.getByTestId('name') as HTMLInputElement).value).toBe(''));
    expect((await reopen()).value).toBe('');

    fireEvent.change(screen.getByTestId('name'), { target: { value: 'beta' } });
    expect(screen.getByTestId('cancel').textContent).toBe('Cancel');
    fireEvent.click(screen.getByTestId('cancel'));
    await waitFor(() => expect((screen.getByTestId('name') as HTMLInputElement).value).toBe(''));
    expect((await reopen()).value).toBe('');
  });
});
