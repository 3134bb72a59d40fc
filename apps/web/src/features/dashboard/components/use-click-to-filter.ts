import type { EventFilter } from '@parapet/shared';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/lib/toast';
import { useDashboardState } from '../state/dashboard-state';

/** Adds a filter from a click on a series, a list row or a map; says why when it cannot. */
export function useClickToFilter(): (filter: EventFilter) => void {
  const { t } = useTranslation(['dashboard', 'eventFilters']);
  const { addFilter } = useDashboardState();
  const toast = useToast();
  return (filter) => {
    const result = addFilter(filter);
    if (result === 'duplicate') toast.info(t('eventFilters:duplicate'), 'dashboard-filter-duplicate');
    if (result === 'full') toast.warning(t('dashboard:filtersFull'), 'dashboard-filters-full');
  };
}
