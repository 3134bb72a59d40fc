import { Grid } from 'antd';

/**
 * Below Ant Design's `md` (768 px): a phone. The header then shows icons only and the sidebar
 * folds away completely, so the language switcher and the user menu stay on screen at 390 px.
 */
export function useNarrow(): boolean {
  const screens = Grid.useBreakpoint();
  // Before the first measurement every flag is undefined: assume a wide screen.
  return screens.md === false;
}
