import { theme, type ThemeConfig } from 'antd';
import type { ThemeMode } from './mode';

export type { ThemeMode };

/** Spec section 9's default theme colour, Parley's brand indigo (the widget's default). */
export const BRAND_COLOR = '#6366f1';
/**
 * The dashboard's primary colour: one shade deeper than the brand indigo, because white on #6366f1
 * is 4.47:1 and AA asks 4.5:1 (buttons, selected items, links).
 */
export const PRIMARY_COLOR = '#4f46e5';

const fontFamily =
  "'Inter Variable', Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export function antdTheme(mode: ThemeMode): ThemeConfig {
  const dark = mode === 'dark';
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    cssVar: { key: 'parley' },
    hashed: false,
    token: {
      colorPrimary: PRIMARY_COLOR,
      colorInfo: PRIMARY_COLOR,
      colorLink: dark ? '#a5b4fc' : '#4f46e5',
      fontFamily,
      fontSize: 15,
      borderRadius: 10,
      borderRadiusLG: 14,
      controlHeight: 38,
      controlHeightLG: 46,
      colorBgBase: dark ? '#0b0d14' : '#ffffff',
      colorBgLayout: dark ? '#0b0d14' : '#f6f7fb',
      colorBgContainer: dark ? '#121521' : '#ffffff',
      colorBgElevated: dark ? '#171b29' : '#ffffff',
      colorBorder: dark ? '#2a3042' : '#dfe2ec',
      colorBorderSecondary: dark ? '#20253a' : '#eceef5',
      colorText: dark ? '#e7e9f3' : '#0f172a',
      colorTextSecondary: dark ? '#a6adc4' : '#475569',
      // antd derives these from black/white at 45% (#8c8c8c on white, 3.4:1); AA needs 4.5:1.
      colorTextTertiary: dark ? '#9aa1b6' : '#566075',
      colorTextDescription: dark ? '#9aa1b6' : '#566075',
      colorTextPlaceholder: dark ? '#8a91a8' : '#6b7280',
      // Text that is not a disabled control uses it too (a table's 'No data'): #bfbfbf is 1.8:1.
      colorTextDisabled: dark ? '#8a91a8' : '#6b7280',
      // Danger buttons' text: antd's #ff4d4f is 3.3:1 on white, its dark #dc4446 4.3:1.
      colorError: dark ? '#ff7875' : '#cf1322',
      // Primary as text on dark surfaces (selected tabs, links): the fill colour is 2.6:1 there.
      ...(dark
        ? { colorPrimaryText: '#a5b4fc', colorPrimaryTextHover: '#c7d2fe', colorPrimaryTextActive: '#a5b4fc' }
        : {}),
    },
    components: {
      Button: { fontWeight: 600, primaryShadow: 'none', defaultShadow: 'none' },
      Layout: {
        siderBg: dark ? '#0f121c' : '#ffffff',
        headerBg: dark ? '#0f121c' : '#ffffff',
        bodyBg: dark ? '#0b0d14' : '#f6f7fb',
      },
      Menu: {
        itemBg: 'transparent',
        itemBorderRadius: 8,
        itemSelectedBg: dark ? 'rgba(99,102,241,0.18)' : 'rgba(99,102,241,0.1)',
        itemSelectedColor: dark ? '#c7d2fe' : '#4338ca',
      },
      Card: { borderRadiusLG: 16 },
      Tabs: dark
        ? {
            itemSelectedColor: '#a5b4fc',
            itemActiveColor: '#a5b4fc',
            itemHoverColor: '#c7d2fe',
            inkBarColor: '#a5b4fc',
          }
        : {},
      Input: { paddingBlockLG: 10 },
    },
  };
}
