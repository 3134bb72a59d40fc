import type { EventMetric } from '@parapet/shared';
import { formatMetric } from '@/lib/format-units';
import { countryNamer } from '@/lib/regions';
import { echarts, type EChartsCoreOption } from './echarts';
import { SMALL_COUNTRY_POSITIONS } from './small-countries';

/** The name the world's shapes are registered under (world-map.tsx). */
export const WORLD_MAP = 'parapet-world';

export interface CountryValue {
  /** ISO alpha-2, upper case, as the store keeps it. */
  country: string;
  value: number;
}

export interface WorldMapColors {
  /** Countries with no traffic. */
  empty: string;
  low: string;
  high: string;
  border: string;
}

export interface WorldMapInput {
  values: readonly CountryValue[];
  metric: EventMetric;
  language: string;
  colors: WorldMapColors;
  /** "No traffic", in the language. */
  noTraffic: string;
}

interface MapTooltipParams {
  name?: unknown;
  value?: unknown;
}

/** A country's tooltip: its name in the language and its value with the unit. */
export function worldMapTooltip(
  input: Pick<WorldMapInput, 'metric' | 'language' | 'noTraffic'>,
  params: unknown,
): string {
  if (typeof params !== 'object' || params === null) return '';
  const { name, value: raw } = params as MapTooltipParams;
  if (typeof name !== 'string') return '';
  // A dot's value is [longitude, latitude, value].
  const value: unknown = Array.isArray(raw) ? raw[2] : raw;
  const country = echarts.format.encodeHTML(countryNamer(input.language)(name));
  const amount =
    typeof value === 'number' && Number.isFinite(value)
      ? formatMetric(input.metric, value, input.language)
      : input.noTraffic;
  return `${country}: <b>${echarts.format.encodeHTML(amount)}</b>`;
}

/**
 * The option of the world map: each country shaded by its value on a scale from 0 to the
 * largest. Countries too small for a shape at this scale are dots on the same scale.
 */
export function buildWorldMapOption(input: WorldMapInput): EChartsCoreOption {
  const { values, metric, language, colors } = input;
  const known = values.filter((v) => v.country !== '');
  const max = Math.max(0, ...known.map((v) => v.value));
  const shaded = known.map((v) => ({ name: v.country, value: v.value }));
  const dots = known.flatMap((v) => {
    const position = SMALL_COUNTRY_POSITIONS[v.country];
    return position && v.value > 0 ? [{ name: v.country, value: [...position, v.value] }] : [];
  });
  return {
    animation: false,
    tooltip: { trigger: 'item', confine: true, formatter: (params: unknown) => worldMapTooltip(input, params) },
    visualMap: {
      type: 'continuous',
      show: max > 0,
      min: 0,
      // A scale from 0 to 0 would shade nothing; one unit keeps the legend meaningful.
      max: max > 0 ? max : 1,
      // Lying along the bottom-left corner, under the map: standing at the left it covered the
      // Americas once the card was narrower than the map.
      orient: 'horizontal',
      left: 'left',
      bottom: 0,
      itemWidth: 12,
      itemHeight: 80,
      calculable: false,
      inRange: { color: [colors.low, colors.high] },
      // The ends of the scale written as the list beside the map writes its rows ("4,215 次请求"),
      // so the largest country reads the same in both.
      text: [formatMetric(metric, max, language), formatMetric(metric, 0, language)],
    },
    geo: {
      map: WORLD_MAP,
      roam: false,
      selectedMode: false,
      // Fitted into the box whole, its shape kept, above the legend. A size relative to the
      // card's shorter side (120% of it) cut off Alaska and the Pacific once the card was
      // narrower than it was high, as on a phone.
      left: 4,
      right: 4,
      top: 4,
      bottom: 28,
      preserveAspect: 'contain',
      itemStyle: { areaColor: colors.empty, borderColor: colors.border, borderWidth: 0.5 },
      emphasis: { label: { show: false }, itemStyle: { areaColor: colors.high } },
    },
    series: [
      { type: 'map', geoIndex: 0, data: shaded },
      {
        type: 'scatter',
        coordinateSystem: 'geo',
        symbolSize: 8,
        itemStyle: { borderColor: colors.border, borderWidth: 1 },
        data: dots,
      },
    ],
  };
}
