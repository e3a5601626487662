import { Badge, createTheme } from '@mantine/core';

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
    Badge: Badge.extend({
      styles: {
        root: { minWidth: 'max-content', overflow: 'visible', flexShrink: 0 },
        label: { overflow: 'visible', textOverflow: 'clip' },
      },
    }),
  },
});
