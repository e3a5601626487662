import { createTheme, darken, luminance, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'red',
  // Text and controls in the primary colour must read on white (WCAG AA, 4.5:1): red 7 (#f03e3e) gives 3.84:1,
  // red 8 (#e03131) 4.52:1.
  primaryShade: 8,
  defaultRadius: 'sm',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", Roboto, Helvetica, Arial, sans-serif',
  components: {
    // A badge carries a state (status, online, test): cut to "已…" it says nothing. Mantine lets a badge shrink to
    // nothing with an ellipsis (its label may overflow, so its smallest width is zero), and a crowded table
    // column then squeezes it; every badge here keeps its whole text instead, and the column grows to fit it.
    // A plain entry rather than `Badge.extend`, which would put the badge's code on the login page.
    Badge: {
      styles: {
        root: { minWidth: 'max-content', overflow: 'visible', flexShrink: 0 },
        label: { overflow: 'visible', textOverflow: 'clip' },
      },
    },
  },
});

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** The colour, darkened in small steps until it reads (4.5:1 and a little margin) on every background given. */
function readableOn(color: string, backgrounds: string[]): string {
  let shade = color;
  for (let step = 1; step <= 10 && backgrounds.some((b) => contrast(shade, b) < 4.6); step++)
    shade = darken(color, step * 0.05);
  return shade;
}

/**
 * Mantine writes the text of light, subtle and transparent controls (badges, light buttons) in the colour's
 * shade 9 on its shade 1 or on white: green, orange, yellow, teal and others fall below 4.5:1 there (green 3.8:1,
 * orange 3.3:1). Every colour's text is darkened just enough to read on both, so a state badge or a light action
 * button is readable in any colour a screen picks.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    ...Object.fromEntries(
      Object.entries(t.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        readableOn(shades[9], [shades[1], t.white]),
      ]),
    ),
    // A link in a table row reads on the row's hover and stripe grey too (the primary shade alone is 4.1:1 there).
    '--mantine-color-anchor': readableOn(t.colors[t.primaryColor]![8], [
      t.white,
      t.colors.gray![0],
      t.colors.gray![1],
    ]),
  },
  dark: {},
});
