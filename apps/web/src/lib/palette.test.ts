import { describe, expect, it } from 'vitest';
import { applyPalette, PALETTE, paletteVariable } from './palette';

/** WCAG 2.1 contrast ratio of an opaque or black-alpha text colour over an opaque background. */
function contrast(text: string, background: [number, number, number]): number {
  const alpha = /rgba\(0, 0, 0, ([\d.]+)\)/.exec(text);
  const rgb: number[] = alpha
    ? background.map((c) => c * (1 - Number(alpha[1])))
    : [1, 3, 5].map((i) => parseInt(text.slice(i, i + 2), 16));
  const luminance = (c: number[]) => {
    const [r = 0, g = 0, b = 0] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(rgb), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE: [number, number, number] = [255, 255, 255];
const LAYOUT: [number, number, number] = [245, 245, 245];

describe('palette', () => {
  it('reaches WCAG AA (4.5:1) for text on white and on the layout grey', () => {
    for (const name of ['primary', 'primaryHover', 'primaryActive', 'error', 'textTertiary'] as const) {
      expect(contrast(PALETTE[name], WHITE), name).toBeGreaterThanOrEqual(4.5);
      expect(contrast(PALETTE[name], LAYOUT), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('writes each colour as a --pp- variable', () => {
    const root = document.createElement('div');
    applyPalette(root);
    expect(paletteVariable('primaryHover')).toBe('--pp-primary-hover');
    expect(root.style.getPropertyValue('--pp-primary')).toBe(PALETTE.primary);
    expect(root.style.getPropertyValue('--pp-text-tertiary')).toBe(PALETTE.textTertiary);
  });
});
