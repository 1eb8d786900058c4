import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** The player app keeps the theme under `themeMode` (SPEC §9); the admin starts from the same choice. */
export const THEME_KEY = 'themeMode';

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: { ...defaultLightTheme.palette, primary: { main: '#1f5f3f' }, secondary: { main: '#9a6b12' } },
  sidebar: { width: 220, closedWidth: 56 },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: { ...defaultDarkTheme.palette, primary: { main: '#6fcf97' }, secondary: { main: '#f2c94c' } },
  sidebar: { width: 220, closedWidth: 56 },
};

export function initialThemeMode(): 'light' | 'dark' {
  try {
    return localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}
