import { renderHook } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n';
import { useEventValueLabel, useFilterChipText } from './value-labels';

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
    expect(result.current('served_by', 'edge')).toBe('Edge');
    expect(result.current('country', 'JP')).toBe('Japan');
    expect(result.current('uri', '-')).toBe('-');
    expect(result.current('proxy_type', 'dch')).toBe('Data centre');
    expect(result.current('proxy_type', '')).toBe('(none)');
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(result.current('proxy_type', 'pub')).toBe('公共代理');
    expect(result.current('cache_status', '-')).toBe('不可缓存');
    expect(result.current('served_by', 'edge')).toBe('边缘节点');
  });

  it('reads a reason as the rule form names its conditions, and any other text as it is', async () => {
    const { result } = renderHook(() => useEventValueLabel());
    const label = (reason: string) => result.current('reason', reason);
    expect(label('wafCountry: CN; wafOwasp: 41000_sqli')).toBe('Source Country: China; Owasp: SQL injection');
    expect(label('wafUri: ^/api/; wafProxyType: dch; wafRate: 100/1')).toBe(
      'Request URI: ^/api/; Proxy Type: Data centre; Request Rate: 100/1',
    );
    expect(label('wafCountry')).toBe('All countries except these');
    expect(label('wafBucketTime: 600')).toBe('Block Period: 600 sec');
    expect(label('http10')).toBe('HTTP/1.0 not accepted by the line');
    expect(label('rate limited')).toBe('rate limited');
    expect(label('')).toBe('(none)');
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(label('wafCountry: CN; wafOwasp: 41000_sqli')).toBe('来源国家/地区：中国；OWASP：SQL 注入');
  });

  it("gives a chip's times and sizes their units, every digit kept, in the language's digits", async () => {
    const { result } = renderHook(() => useFilterChipText());
    expect(result.current({ field: 'request_time', op: 'gt', value: 0.5 })).toBe('Request Time > 0.5 sec');
    expect(result.current({ field: 'bytes_sent', op: 'lt', value: 1500 })).toBe('Byte Sent < 1,500 B');
    expect(result.current({ field: 'status', op: 'is', value: 403 })).toBe('Status Code: 403');
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(result.current({ field: 'upstream_response_time', op: 'lt', value: 100000 })).toMatch(/100,000秒$/);
  });
});
