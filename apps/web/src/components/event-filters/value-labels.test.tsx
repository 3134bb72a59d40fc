import { renderHook } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n';
import { useEventValueLabel } from './value-labels';

initI18n();

describe('event value labels', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en-US'));
  });

  it('names the codes a chart or a chip would otherwise show raw', async () => {
    const { result } = renderHook(() => useEventValueLabel());
    expect(result.current('cache_status', '-')).toBe('Not cacheable');
    expect(result.current('cache_status', 'HIT')).toBe('HIT');
    expect(result.current('served_by', 'origin')).toBe('Origin');
    expect(result.current('country', 'JP')).toBe('Japan');
    expect(result.current('uri', '-')).toBe('-');
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(result.current('cache_status', '-')).toBe('不可缓存');
  });
});
