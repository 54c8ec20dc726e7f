import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { BRAND_GREEN, themeConfigFor } from './theme';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const c = parseInt(hex.slice(at, at + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('selected rows in the light theme', () => {
  it('keep the green links and the text readable (AA) on the selected and hovered background', () => {
    const config = themeConfigFor('THEME_TYPE_SEMI_DARK');
    const token = theme.getDesignToken({ ...config, algorithm: theme.defaultAlgorithm });
    for (const background of [token.colorPrimaryBg, token.colorPrimaryBgHover]) {
      expect(contrast(BRAND_GREEN, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast('#000000', background)).toBeGreaterThanOrEqual(12);
    }
  });
});
