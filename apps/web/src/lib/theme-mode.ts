import { useSyncExternalStore } from 'react';

/** The colour modes of the header's picker (spec part 1 §1 and §9). */
export const themeModes = ['light', 'dark', 'blue', 'purple'] as const;
export type ThemeMode = (typeof themeModes)[number];

const storageKey = 'theme';
const defaultMode: ThemeMode = 'light';
const listeners = new Set<() => void>();

const isThemeMode = (value: unknown): value is ThemeMode => themeModes.includes(value as ThemeMode);

/** The saved mode, light when none (or an unknown one) is saved. */
export function getThemeMode(): ThemeMode {
  const saved = localStorage.getItem(storageKey);
  return isThemeMode(saved) ? saved : defaultMode;
}

/** Saves the mode locally; every user of useThemeMode re-renders. */
export function setThemeMode(mode: ThemeMode) {
  localStorage.setItem(storageKey, mode);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current colour mode. */
export const useThemeMode = () => useSyncExternalStore(subscribe, getThemeMode, () => defaultMode);
