import { THEME_CHOICES, useThemeStore, type ThemeChoice } from '../theme/theme';

const LABELS: Record<ThemeChoice, string> = { system: 'Theme: as the system', light: 'Theme: light', dark: 'Theme: dark' };

/** Light, dark, or whatever the OS says; kept for the next start. */
export function ThemeToggle() {
  const choice = useThemeStore((s) => s.choice);
  return (
    <select
      className="theme-toggle"
      aria-label="color theme"
      value={choice}
      onChange={(e) => useThemeStore.getState().choose(e.target.value as ThemeChoice)}
      data-testid="theme-choice"
    >
      {THEME_CHOICES.map((c) => (
        <option key={c} value={c}>
          {LABELS[c]}
        </option>
      ))}
    </select>
  );
}
