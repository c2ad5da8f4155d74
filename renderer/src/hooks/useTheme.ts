import { useEffect } from 'react';
import { applyTheme, followOsTheme, useThemeStore } from '../theme/theme';

/** Applies the chosen theme to the page and follows the OS setting when the choice is "system". */
export function useTheme(): void {
  const theme = useThemeStore((s) => s.theme);
  useEffect(() => followOsTheme(), []);
  useEffect(() => applyTheme(theme), [theme]);
}
