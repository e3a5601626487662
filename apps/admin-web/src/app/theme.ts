import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'red',
  primaryShade: 7,
  defaultRadius: 'sm',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", Roboto, Helvetica, Arial, sans-serif',
});
