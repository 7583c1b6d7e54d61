import { Menu } from '@mantine/core';
import { CheckIcon } from '../../../components/icons.tsx';
import { setThemeMode, themeModes, useThemeMode } from '../../../lib/theme-mode.ts';
import { modeLabels, ThemeButton } from './theme-picker.tsx';

/** The theme menu itself (spec part 1 §1): dark, blue, light, purple, saved locally. */
export default function ThemeMenu({ openOnMount }: { openOnMount: boolean }) {
  const mode = useThemeMode();
  return (
    // The header is fixed, so its anchor never scrolls away: no need to hide a "detached" dropdown. Opened, the
    // menu takes the focus itself, as it does when opened by a press of its own button.
    <Menu position="bottom-end" withinPortal hideDetached={false} defaultOpened={openOnMount}>
      <Menu.Target>
        <ThemeButton />
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
