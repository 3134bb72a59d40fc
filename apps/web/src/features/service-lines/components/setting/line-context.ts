import type { ServiceLine } from '@parapet/shared';
import { createContext, useContext } from 'react';

export interface LineContextValue {
  /** The line as last read. */
  line: ServiceLine;
  /** Write access to service lines in the line's group. */
  canWrite: boolean;
  /** Reads the line again (a conflict's Reload); resolves to the fresh line, if it came. */
  reload: () => Promise<ServiceLine | undefined>;
}

export const LineContext = createContext<LineContextValue | undefined>(undefined);

/** The line the tabs show; only under the screen's provider. */
export function useLine(): LineContextValue {
  const value = useContext(LineContext);
  if (!value) throw new Error('useLine outside the Service Setting screen');
  return value;
}
