import { ActionIcon, Menu } from '@mantine/core';
import { CheckIcon, PaletteIcon } from '../../../components/icons.tsx';
import { setThemeMode, themeModes, useThemeMode, type ThemeMode } from '../../../lib/theme-mode.ts';

const modeLabels: Record<ThemeMode, string> = { light: 'Light', dark: 'Dark', blue: 'Blue', purple: 'Purple' };

/** The colour theme picker of the header (spec part 1 §1): dark, blue, light, purple, saved locally. */
export function ThemePicker() {
  const mode = useThemeMode();
  return (
    // The header is fixed, so its anchor never scrolls away: no need to hide a "detached" dropdown.
    <Menu position="bottom-end" withinPortal hideDetached={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" c="inherit" size="lg" aria-label={`Theme: ${modeLabels[mode]}`}>
          <PaletteIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Theme</Menu.Label>
        {themeModes.map((option) => (
          <Menu.Item
            key={option}
            onClick={() => setThemeMode(option)}
            rightSection={option === mode ? <CheckIcon /> : null}
            aria-current={option === mode ? 'true' : undefined}
          >
            {modeLabels[option]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
