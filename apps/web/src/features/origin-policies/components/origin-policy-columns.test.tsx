import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { openList, renderPolicies } from './origin-policies.fixtures';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await act(() => changeLocale('en-US'));
});

describe('origin policy list', () => {
  it("names a policy's regions in the user's language, not by code", async () => {
    await act(() => changeLocale('zh-CN'));
    renderPolicies();
    await openList();
    expect(screen.getByTestId('origin-policy-region-tag-web-TW').textContent).toBe('台湾');
    expect(screen.getByTestId('origin-policy-region-tag-web-default').textContent).toBe('默认');
    await act(() => changeLocale('en-US'));
    expect(screen.getByTestId('origin-policy-region-tag-web-TW').textContent).toBe('Taiwan');
  });
});
