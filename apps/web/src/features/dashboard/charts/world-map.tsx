import type { EventMetric } from '@parapet/shared';
import { theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, type EChartHandler } from './echart';
import { echarts } from './echarts';
import { useStableData } from './use-stable-data';
import { buildWorldGeoJson } from './world-map-data';
import { buildWorldMapOption, WORLD_MAP, type CountryValue } from './world-map-option';

// Converted and registered once, when the dashboard's chunk loads: ECharts keeps maps by name.
echarts.registerMap(WORLD_MAP, buildWorldGeoJson());

export interface WorldMapProps {
  values: CountryValue[];
  metric: EventMetric;
  language: string;
  /** A country clicked, by its alpha-2 code. */
  onCountryClick?: (alpha2: string) => void;
  loading?: boolean;
  height?: number;
  renderer?: 'canvas' | 'svg';
  /** The map's name for assistive technology (EChart). */
  ariaLabel: string;
}

const clickedName = (params: unknown): string | undefined =>
  typeof params === 'object' && params !== null && 'name' in params && typeof params.name === 'string'
    ? params.name
    : undefined;

/** Requests or bytes by country on a world map; the list beside it is a SourceList. */
export function WorldMap({
  values: given,
  metric,
  language,
  onCountryClick,
  loading = false,
  height = 360,
  renderer,
  ariaLabel,
}: WorldMapProps) {
  const values = useStableData(given);
  const { t } = useTranslation('charts', { lng: language });
  const { token } = theme.useToken();
  const noTraffic = t('noTraffic');
  const option = useMemo(
    () =>
      buildWorldMapOption({
        values,
        metric,
        language,
        noTraffic,
        colors: {
          empty: token.colorFillTertiary,
          low: token.colorPrimaryBg,
          high: token.colorPrimary,
          border: token.colorBgContainer,
        },
      }),
    [values, metric, language, noTraffic, token],
  );
  const events = useMemo(() => {
    const handlers: Record<string, EChartHandler> = {};
    if (onCountryClick)
      handlers.click = (params) => {
        const code = clickedName(params);
        if (code) onCountryClick(code);
      };
    return handlers;
  }, [onCountryClick]);
  return (
    <EChart
      option={option}
      height={height}
      renderer={renderer}
      loading={loading}
      events={events}
      ariaLabel={ariaLabel}
      testId="world-map"
    />
  );
}
