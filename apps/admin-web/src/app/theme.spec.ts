import { describe, expect, it } from '@jest/globals';
import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme.js';

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

describe('light-variant text (badges, light and subtle buttons)', () => {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const light = cssVariablesResolver(merged).light;

  it.each(Object.keys(merged.colors))('reads at 4.5:1 or more in %s, on its tint and on white', (name) => {
    const text = light[`--mantine-color-${name}-light-color`]!;
    expect(contrast(text, merged.colors[name]![1])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(text, merged.white)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a colour that already reads as Mantine draws it (dark gray stays shade 9)', () => {
    expect(light['--mantine-color-dark-light-color']).toBe(merged.colors.dark[9]);
  });
});

describe('links', () => {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const anchor = cssVariablesResolver(merged).light['--mantine-color-anchor']!;

  it('read at 4.5:1 or more on white and on a table row’s stripe and hover grey', () => {
    for (const background of [merged.white, merged.colors.gray[0], merged.colors.gray[1]])
      expect(contrast(anchor, background)).toBeGreaterThanOrEqual(4.5);
  });
});
