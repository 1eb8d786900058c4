import { createTheme, type Theme } from '@mui/material/styles';

export type ThemeMode = 'light' | 'dark';

/** Felt green and gold; dark mode is a deep-green night table rather than plain grey. */
export function buildTheme(mode: ThemeMode): Theme {
  const dark = mode === 'dark';
  return createTheme({
    palette: {
      mode,
      primary: { main: dark ? '#3ecf8e' : '#0b7a4b', contrastText: dark ? '#062014' : '#ffffff' },
      secondary: { main: '#e0a526', contrastText: '#1d1400' },
      background: dark ? { default: '#0c1512', paper: '#13211c' } : { default: '#f3f6f4', paper: '#ffffff' },
      success: { main: dark ? '#4ade80' : '#15803d' },
      error: { main: dark ? '#f87171' : '#c62828' },
      // Text on a coloured background picks black or white for WCAG AA (4.5:1), not MUI's 3:1.
      contrastThreshold: 4.5,
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiCard: {
        styleOverrides: {
          root: ({ theme }) => ({ border: `1px solid ${theme.palette.divider}` }),
        },
      },
      MuiAlert: {
        styleOverrides: {
          // A filled alert in dark mode sits on the colour's `dark` shade, while MUI picks its text
          // for `main`: pick it for the background it is really on.
          filled: ({ theme, ownerState }) => {
            const c = theme.palette[ownerState.color ?? ownerState.severity ?? 'success'];
            return { color: theme.palette.getContrastText(theme.palette.mode === 'dark' ? c.dark : c.main) };
          },
        },
      },
      MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600, minHeight: 48 } } },
    },
  });
}
