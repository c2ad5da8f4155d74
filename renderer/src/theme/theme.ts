import { create } from 'zustand';

/** What the user chose: follow the OS, or one theme always. */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

const STORAGE_KEY = 'kvscope.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The saved choice; anything unreadable (no storage, an old value) is "system". */
export function savedThemeChoice(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ThemeChoice {
  try {
    const v = storage?.getItem(STORAGE_KEY);
    return THEME_CHOICES.includes(v as ThemeChoice) ? (v as ThemeChoice) : 'system';
  } catch {
    return 'system';
  }
}

export const resolveTheme = (choice: ThemeChoice, osDark: boolean): Theme => (choice === 'system' ? (osDark ? 'dark' : 'light') : choice);

export const osPrefersDark = (): boolean => globalThis.matchMedia?.(DARK_QUERY).matches ?? false;

/** The page's colors follow <html data-theme> (styles.css). */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}

interface ThemeState {
  choice: ThemeChoice;
  osDark: boolean;
  theme: Theme;
  choose(choice: ThemeChoice): void;
  setOsDark(dark: boolean): void;
}

export const useThemeStore = create<ThemeState>()((set, get) => {
  const choice = savedThemeChoice();
  const osDark = osPrefersDark();
  return {
    choice,
    osDark,
    theme: resolveTheme(choice, osDark),
    choose: (c) => {
      try {
        globalThis.localStorage?.setItem(STORAGE_KEY, c);
      } catch {
        // A window without storage still switches; the choice lasts until it is closed.
      }
      set({ choice: c, theme: resolveTheme(c, get().osDark) });
    },
    setOsDark: (dark) => set({ osDark: dark, theme: resolveTheme(get().choice, dark) }),
  };
});

/** Keeps the OS setting current while the window is open. Returns the unsubscribe. */
export function followOsTheme(): () => void {
  const mq = globalThis.matchMedia?.(DARK_QUERY);
  if (!mq) return () => undefined;
  const on = (e: MediaQueryListEvent) => useThemeStore.getState().setOsDark(e.matches);
  mq.addEventListener('change', on);
  return () => mq.removeEventListener('change', on);
}
