import { ActionIcon } from '@mantine/core';
import type { Ref } from 'react';
import { PaletteIcon } from '../../../components/icons.tsx';
import { loadOnFirstUse, type TriggerProps } from '../../../components/load-on-first-use.tsx';
import { useThemeMode, type ThemeMode } from '../../../lib/theme-mode.ts';

export const modeLabels: Record<ThemeMode, string> = { light: 'Light', dark: 'Dark', blue: 'Blue', purple: 'Purple' };

/** The header's palette button; its name says the current theme. */
export function ThemeButton({ ref, ...handlers }: { ref?: Ref<HTMLButtonElement> } & Partial<TriggerProps>) {
  const mode = useThemeMode();
  return (
    <ActionIcon
      ref={ref}
      {...handlers}
      variant="subtle"
      color="gray"
      c="inherit"
      size="lg"
      aria-label={`Theme: ${modeLabels[mode]}`}
    >
      <PaletteIcon />
    </ActionIcon>
  );
}

/** The colour theme picker of the header (spec part 1 §1); its menu code loads on first use. */
export const ThemePicker = loadOnFirstUse<object>(() => import('./theme-menu.tsx'), ThemeButton);
