import type { ServiceLine } from '@parapet/shared';
import { createContext, useContext } from 'react';
import type { LineAccess } from './line-access';

export interface LineContextValue {
  /** The line as last read. */
  line: ServiceLine;
  /** What the user may read and change of it, per child of `serviceLines` (a tab). */
  access: LineAccess;
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
