import type { DashboardTab, SourceListSize, TabTopRequest } from '@parapet/shared';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallScope } from '../tab-requests';
import { SourceListCard } from './source-list-card';

/**
 * "Requests by source" (GLOSSARY §8.1): one card, the field chosen in its head (IP, Domain,
 * Path...), so only the list on screen is asked for.
 */
export function BySourceCard({
  tab,
  requests,
  scope,
  size,
  onSizeChange,
}: {
  tab: DashboardTab;
  requests: TabTopRequest[];
  scope: CallScope | undefined;
  size: SourceListSize;
  onSizeChange: (size: SourceListSize) => void;
}) {
  const { t } = useTranslation(['dashboard', 'events']);
  const [chosen, setChosen] = useState(requests[0]?.id);
  const request = requests.find((r) => r.id === chosen) ?? requests[0];
  if (!request) return null;
  return (
    <SourceListCard
      title={t(`dashboard:sources.${tab.id}`)}
      extra={
        <Select
          size="small"
          value={request.id}
          onChange={setChosen}
          options={requests.map((r) => ({
            value: r.id,
            label: t(`events:fields.${r.dimension}`),
            'data-testid': `dashboard-by-source-${r.dimension}`,
          }))}
          popupMatchSelectWidth={false}
          aria-label={t('dashboard:sourceField')}
          data-testid="dashboard-by-source"
        />
      }
      request={request}
      scope={scope}
      size={size}
      onSizeChange={onSizeChange}
      testId="dashboard-by-source-list"
    />
  );
}
