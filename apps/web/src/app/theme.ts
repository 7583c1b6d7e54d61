import { createTheme, type MantineThemeOverride } from '@mantine/core';
import type { ThemeMode } from '../lib/theme-mode.ts';

/** The portal's base theme; the colour modes of the header's picker build on it. */
export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white text on primary buttons above the 4.5:1 contrast WCAG AA asks for.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif',
  components: {
    // Mantine's close icon has no name of its own; screen readers need one. A plain object (not Modal.extend)
    // keeps the dialog code out of the login page's first script.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

/** What the shell reads from `theme.other` to tint its header. */
export interface ShellThemeOther {
  /** Header background (a theme colour) with white text, or undefined for the scheme's plain body colour. */
  headerColor?: string;
}

/**
 * The theme of one colour mode. Blue and purple tint the header with shade 8 (white text on blue.8 is 5.0:1 and on
 * violet.8 6.3:1, above WCAG AA); dark uses Mantine's dark scheme, chosen by the provider.
 */
export function themeFor(mode: ThemeMode): MantineThemeOverride {
  const other: ShellThemeOther = {};
  if (mode === 'blue') other.headerColor = 'blue.8';
  if (mode === 'purple') other.headerColor = 'violet.8';
  return createTheme({ ...theme, primaryColor: mode === 'purple' ? 'violet' : 'blue', other: { ...other } });
}
