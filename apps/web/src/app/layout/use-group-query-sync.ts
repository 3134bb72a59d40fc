import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { GROUP_QUERY_PARAM } from '@/lib/tenancy/group-selection';

/**
 * Spec §2: the URL always names the selected group. When its `groupName` is missing, or is
 * a group the user may not choose, the selection replaces it (a replace navigation, so Back
 * does not return to the URL without it).
 */
export function useGroupQuerySync(selected: string | undefined): void {
  const [params, setParams] = useSearchParams();
  const inUrl = params.get(GROUP_QUERY_PARAM);
  useEffect(() => {
    if (!selected || inUrl === selected) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(GROUP_QUERY_PARAM, selected);
        return next;
      },
      { replace: true },
    );
  }, [selected, inUrl, setParams]);
}
