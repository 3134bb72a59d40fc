import { useMemo } from 'react';

/**
 * The same object for as long as the data in it is the same. Callers often rebuild a chart's
 * data on every render; each new array would make a new option, and a new option redraws the
 * chart and drops a drag in progress. Only for plain data (numbers, strings, arrays, objects).
 */
export function useStableData<T>(data: T): T {
  const key: string | undefined = JSON.stringify(data);
  return useMemo(() => (key === undefined ? undefined : JSON.parse(key)) as T, [key]);
}
