import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { renderLine } from '../setting/service-overview.fixtures';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await act(() => changeLocale('en-US'));
});

const valueOf = async (field: string) => (await screen.findByTestId(`value-${field}`)).textContent;

// Seen: cache expiries read "1d" and schemes "http https" in every language.
describe("a line's settings in read mode", () => {
  it('shows cache expiries in the language', async () => {
    await act(() => changeLocale('zh-CN'));
    renderLine('groupName=acme&tab=cache');
    expect(await valueOf('cusCachepathExp')).toBe('1天');
    await act(() => changeLocale('en-US'));
    expect(await valueOf('cusCachepathExp')).toBe('1 day');
  });

  it('names the schemes in the language, the protocols as they are', async () => {
    await act(() => changeLocale('zh-TW'));
    renderLine('groupName=acme&tab=ssl');
    expect(await valueOf('scheme')).toBe('HTTP 與 HTTPS');
    renderLine('groupName=acme&tab=origin');
    expect(await valueOf('originscheme')).toBe('HTTP');
  });
});
