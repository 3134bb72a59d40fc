import { Empty } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/** What a chart shows when there is nothing to draw, at the chart's own height so the page does not jump. */
export function ChartEmpty({ height, language }: { height: CSSProperties['height']; language: string }) {
  const { t } = useTranslation('charts', { lng: language });
  return (
    <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />
    </div>
  );
}
