import { Box, CircularProgress, Typography, useMediaQuery } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Logo } from './Logo';

/** SPEC §2, §9: narrow screens (768 px or less) get smaller sizes. */
export const NARROW_QUERY = '(max-width:768px)';

export const LOADING_SIZES = {
  large: { logo: 96, spinner: 56, title: '2rem' },
  small: { logo: 64, spinner: 40, title: '1.4rem' },
} as const;

export function LoadingScreen() {
  const { t } = useTranslation();
  const narrow = useMediaQuery(NARROW_QUERY, { noSsr: true });
  const size = narrow ? 'small' : 'large';
  const s = LOADING_SIZES[size];
  return (
    <Box
      data-testid="loading-screen"
      data-size={size}
      role="status"
      aria-live="polite"
      sx={{
        minHeight: '70vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: narrow ? 2 : 3,
        px: 2,
      }}
    >
      <Logo size={s.logo} />
      <Typography component="p" sx={{ fontSize: s.title, fontWeight: 700, letterSpacing: 0.5 }}>
        {t('brand')}
      </Typography>
      <CircularProgress size={s.spinner} color="secondary" aria-label={t('loading')} />
    </Box>
  );
}
