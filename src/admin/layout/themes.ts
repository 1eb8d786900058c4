import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** The player app keeps the theme under `themeMode` (SPEC §9); the admin starts from the same choice. */
export const THEME_KEY = 'themeMode';

/**
 * WCAG AA everywhere (tests/e2e/a11y-admin.test.ts): text on a coloured chip or button picks black
 * or white for 4.5:1 (MUI's default threshold is 3:1), and the light theme's warning and info are
 * dark enough to be text on white (MUI's #ed6c02 and #0288d1 are 3.1:1 and 3.9:1).
 */
export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { main: '#1f5f3f' },
    secondary: { main: '#9a6b12' },
    warning: { main: '#b45309' },
    info: { main: '#0277bd' },
    // MUI's #d32f2f is under 4.5:1 on the form toolbar's grey (the Delete button's text).
    error: { main: '#b71c1c' },
    contrastThreshold: 4.5,
  },
  sidebar: { width: 220, closedWidth: 56 },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  // Error, success and info light enough for text on the #313131 page and the #424242 form toolbar
  // (MUI's dark #f44336 is 3.5:1 there).
  palette: {
    ...defaultDarkTheme.palette,
    primary: { main: '#6fcf97' },
    secondary: { main: '#f2c94c' },
    error: { main: '#ff9e9e' },
    success: { main: '#81c784' },
    info: { main: '#4fc3f7' },
    contrastThreshold: 4.5,
  },
  sidebar: { width: 220, closedWidth: 56 },
};

export function initialThemeMode(): 'light' | 'dark' {
  try {
    return localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}
