import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { clickChartAt, pixelOf, setUpChartTests } from './chart-test-kit';
import { WorldMap } from './world-map';
import { buildWorldMapOption, worldMapTooltip } from './world-map-option';

initI18n();

setUpChartTests(800, 400);

const colors = { empty: '#eee', low: '#def', high: '#14f', border: '#fff' };

interface BuiltMap {
  visualMap: { show: boolean; min: number; max: number; text: string[]; orient: string; bottom: number };
  series: { type: string; data: { name: string; value: number | number[] }[] }[];
}

describe('buildWorldMapOption', () => {
  it('shades countries by value from 0 to the largest, labelled with the unit', () => {
    const option = buildWorldMapOption({
      values: [
        { country: 'CN', value: 2048 },
        { country: 'US', value: 512 },
        { country: '', value: 9999 },
      ],
      metric: 'bytes',
      language: 'en-US',
      colors,
      noTraffic: 'No traffic',
    }) as unknown as BuiltMap;
    expect(option.series[0]?.data).toEqual([
      { name: 'CN', value: 2048 },
      { name: 'US', value: 512 },
    ]);
    expect(option.visualMap).toMatchObject({
      show: true,
      min: 0,
      max: 2048,
      text: ['2 KB', '0 B'],
      orient: 'horizontal',
      bottom: 0,
    });
  });

  it('writes the ends of a request scale with their unit, as the list beside the map does', () => {
    const legend = (language: string) =>
      (
        buildWorldMapOption({
          values: [{ country: 'CN', value: 4215 }],
          metric: 'requests',
          language,
          colors,
          noTraffic: '',
        }) as unknown as BuiltMap
      ).visualMap.text;
    expect(legend('en-US')).toEqual(['4,215 requests', '0 requests']);
    expect(legend('zh-CN')).toEqual(['4,215 次请求', '0 次请求']);
    expect(legend('zh-TW')).toEqual(['4,215 次請求', '0 次請求']);
  });

  it('draws countries too small for a shape as dots at their place, on the same scale', () => {
    const option = buildWorldMapOption({
      values: [
        { country: 'SG', value: 300 },
        { country: 'HK', value: 0 },
        { country: 'JP', value: 100 },
      ],
      metric: 'requests',
      language: 'en-US',
      colors,
      noTraffic: 'No traffic',
    }) as unknown as BuiltMap;
    expect(option.series[1]).toMatchObject({ type: 'scatter', data: [{ name: 'SG', value: [103.82, 1.36, 300] }] });
    expect(option.visualMap.max).toBe(300);
  });

  it('hides the scale when there is no traffic', () => {
    const option = buildWorldMapOption({
      values: [],
      metric: 'requests',
      language: 'en-US',
      colors,
      noTraffic: 'No traffic',
    }) as unknown as BuiltMap;
    expect(option.visualMap).toMatchObject({ show: false, max: 1 });
  });

  it('names the country in the language in the tooltip, with the value and its unit', () => {
    const input = { metric: 'requests' as const, language: 'zh-CN', noTraffic: '无流量' };
    expect(worldMapTooltip(input, { name: 'JP', value: 12345 })).toBe('日本: <b>12,345 次请求</b>');
    expect(worldMapTooltip(input, { name: 'FR', value: Number.NaN })).toBe('法国: <b>无流量</b>');
    expect(worldMapTooltip({ ...input, language: 'en-US' }, { name: 'XK', value: 1 })).toBe('Kosovo: <b>1 request</b>');
  });
});

describe('WorldMap', () => {
  it('draws the countries and reports a click by alpha-2 code', () => {
    const onCountryClick = vi.fn();
    render(
      <WorldMap
        ariaLabel="Requests"
        values={[
          { country: 'BR', value: 40 },
          { country: 'SG', value: 10 },
        ]}
        metric="requests"
        language="en-US"
        onCountryClick={onCountryClick}
        renderer="svg"
      />,
    );
    const map = screen.getByTestId('world-map');
    expect(map.querySelectorAll('svg path').length).toBeGreaterThan(150);
    // Brazil has the largest value: the scale's top colour, the theme's primary colour.
    const fills = [...map.querySelectorAll('svg path')].map((path) => path.getAttribute('fill'));
    expect(fills.filter((fill) => fill === 'rgb(22,119,255)')).toHaveLength(1);
    // The middle of Brazil, then Singapore's dot.
    clickChartAt(map, pixelOf(map, { geoIndex: 0 }, [-51, -10]));
    expect(onCountryClick).toHaveBeenLastCalledWith('BR');
    clickChartAt(map, pixelOf(map, { geoIndex: 0 }, [103.82, 1.36]));
    expect(onCountryClick).toHaveBeenLastCalledWith('SG');
  });
});
