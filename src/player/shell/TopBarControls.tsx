// The language switch and the theme toggle, shown in the top bar (wide screens) and in its menu.
import { IconButton, Tooltip, ToggleButton, ToggleButtonGroup } from '@mui/material';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../theme/ThemeModeContext';
import { useFormat } from '../hooks/useLang';

/** Staff (administrators and support agents) get the back-office entry in the menu. */
export function isAdminUser(u: { role?: string; isAdmin?: boolean } | null | undefined): boolean {
  return !!u && (u.role === 'ADMIN' || u.role === 'SUPPORT' || u.isAdmin === true);
}

export function LanguageSwitch({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const { i18n, t } = useTranslation();
  const { lang } = useFormat();
  return (
    <ToggleButtonGroup size={size} exclusive value={lang} onChange={(_, v: string | null) => v && void i18n.changeLanguage(v)} aria-label={t('menu.language')}>
      {/* The names start with the letters on the buttons (what a voice-control user says), then
          the language's own name, spoken in that language. */}
      <ToggleButton value="en" lang="en" aria-label="EN, English" sx={{ px: 1.25, py: 0.25 }}>
        EN
      </ToggleButton>
      <ToggleButton value="mn" lang="mn" aria-label="MN, Монгол" sx={{ px: 1.25, py: 0.25 }}>
        MN
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

export function ThemeToggle() {
  const { t } = useTranslation();
  const { mode, toggleMode } = useThemeMode();
  const label = mode === 'dark' ? t('menu.lightTheme') : t('menu.darkTheme');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" onClick={toggleMode} aria-label={label} data-testid="theme-toggle">
        {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Tooltip>
  );
}
