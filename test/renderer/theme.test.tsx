// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeToggle } from '../../renderer/src/components/ThemeToggle';
import { useTheme } from '../../renderer/src/hooks/useTheme';
import { resolveTheme, savedThemeChoice, useThemeStore } from '../../renderer/src/theme/theme';

function Themed() {
  useTheme();
  return <ThemeToggle />;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the color theme', () => {
  it('follows the OS unless a theme is chosen; an unknown saved value counts as "system"', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(savedThemeChoice({ getItem: () => 'purple' })).toBe('system');
    expect(
      savedThemeChoice({
        getItem: () => {
          throw new Error('no storage');
        },
      }),
    ).toBe('system');
  });

  it('applies the choice to the page at once, keeps it for the next start, and tracks the OS while on "system"', () => {
    let listener: ((e: { matches: boolean }) => void) | undefined;
    vi.stubGlobal('matchMedia', () => ({
      matches: false,
      addEventListener: (_: string, l: typeof listener) => (listener = l),
      removeEventListener: vi.fn(),
    }));
    act(() => useThemeStore.setState({ choice: 'system', osDark: false, theme: 'light' }));
    render(<Themed />);
    expect(document.documentElement.dataset.theme).toBe('light');
    act(() => listener?.({ matches: true }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    fireEvent.change(screen.getByTestId('theme-choice'), { target: { value: 'light' } });
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('kvscope.theme')).toBe('light');
    expect(savedThemeChoice()).toBe('light');
    act(() => listener?.({ matches: false }));
    act(() => listener?.({ matches: true }));
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
