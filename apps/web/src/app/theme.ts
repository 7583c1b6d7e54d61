import { createTheme } from '@mantine/core';

/** The portal's base theme; the colour modes of the header's picker build on it. */
export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif',
});
