/**
 * The console's colours, once for both of its kits: Ant Design reads them as theme tokens
 * (components/antd-providers.tsx) and the plain components of the pages without Ant Design as
 * CSS variables (`--pp-<name>`, written by applyPalette before the first render). Each text
 * colour reaches WCAG AA's 4.5:1 on white and on the layout grey (#f5f5f5); docs/accessibility.md
 * gives the ratios. Ant Design's defaults (#1677ff, 45% black) do not.
 */
export const PALETTE = {
  /** Ant Design's blue-7: white text on it 6.2:1, as text on white 6.2:1 (blue-6 is 4.1:1). */
  primary: '#0958d9',
  /** Lighter on hover, still 4.9:1 under white text. */
  primaryHover: '#2a6be0',
  /** Ant Design's blue-8: 9.0:1. */
  primaryActive: '#003eb3',
  /** Ant Design's red-7: errors and danger buttons, 5.6:1 on white (the default #ff4d4f is 3.3:1). */
  error: '#cf1322',
  /** Hints, descriptions, placeholders, secondary lines: 57% black, 5.1:1 on white, 5.0:1 on #f5f5f5 (45% is 3.4:1). */
  textTertiary: 'rgba(0, 0, 0, 0.57)',
} as const;

export type PaletteName = keyof typeof PALETTE;

/** `primaryHover` → `--pp-primary-hover`. */
export const paletteVariable = (name: PaletteName): string =>
  `--pp-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** Writes the palette as CSS variables on the document, for basic.css. */
export function applyPalette(root: HTMLElement = document.documentElement): void {
  for (const name of Object.keys(PALETTE) as PaletteName[])
    root.style.setProperty(paletteVariable(name), PALETTE[name]);
}
