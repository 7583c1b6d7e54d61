import { createTheme } from '@mantine/core';

/** The portal's base theme; the colour modes of the header's picker build on it. */
export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white text on primary buttons above the 4.5:1 contrast WCAG AA asks for.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif',
});
