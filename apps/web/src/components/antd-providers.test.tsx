import { act, render, screen } from '@testing-library/react';
import { Button, Empty, Pagination } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { AntdProviders } from './antd-providers';

// Ant Design's own texts (empty states, pagination) come from its locale packs, which the
// providers swap with the console's language; the strings asserted are antd's own.
describe('AntdProviders', () => {
  afterEach(async () => {
    localStorage.clear();
    await act(() => changeLocale('en-US'));
  });

  it("switches Ant Design's own texts with the console language", async () => {
    render(
      <AntdProviders>
        <Empty />
        <Pagination total={50} showSizeChanger />
      </AntdProviders>,
    );
    expect(screen.getAllByText('No data').length).toBeGreaterThan(0);
    expect(screen.getAllByText('10 / page').length).toBeGreaterThan(0);

    await act(() => changeLocale('zh-CN'));
    expect(screen.getAllByText('暂无数据').length).toBeGreaterThan(0);
    expect(screen.getAllByText('10 条/页').length).toBeGreaterThan(0);

    await act(() => changeLocale('zh-TW'));
    expect(screen.getAllByText('暫無資料').length).toBeGreaterThan(0);
    expect(screen.getAllByText('10 條/頁').length).toBeGreaterThan(0);
  });

  // Seen: "创 建", "取 消", "登 入". Ant Design would render the label as "创 建" in its own span.
  it('writes two-character Chinese button labels without a space', async () => {
    await act(() => changeLocale('zh-CN'));
    render(
      <AntdProviders>
        <Button>创建</Button>
        <Button type="primary">登入</Button>
      </AntdProviders>,
    );
    expect(screen.getByRole('button', { name: '创建' }).textContent).toBe('创建');
    expect(screen.getByRole('button', { name: '登入' }).textContent).toBe('登入');
  });
});
