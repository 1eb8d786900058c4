import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PlayerSettings } from '../../../shared/settings/settingsStore';
import { useSettings } from '../../../shared/settings/useSettings';
import { PlayingCard } from '../../../shared/ui/PlayingCard';
import { useFormat } from '../hooks/useFormat';

export interface SettingsDialogProps {
  open: boolean;
  onClose: () => void;
  account: { username: string; email?: string; balance: number; locked?: number } | null;
  onLogout: (() => void) | null;
  /** The shell's theme switch, when there is one; the settings store otherwise. */
  onDark?: (dark: boolean) => void;
}

const SWITCHES: Array<keyof Pick<PlayerSettings, 'sounds' | 'animations' | 'autoMuck' | 'fourColor' | 'music' | 'dark' | 'keyboardShortcuts'>> = [
  'sounds',
  'animations',
  'autoMuck',
  'fourColor',
  'music',
  'dark',
  'keyboardShortcuts',
];

/** SPEC §2 settings screen; every switch applies at once and is kept in localStorage. */
export function SettingsDialog({ open, onClose, account, onLogout, onDark }: SettingsDialogProps) {
  const { t, i18n } = useTranslation('table');
  const { money } = useFormat();
  const [settings, set] = useSettings();
  const change = (key: (typeof SWITCHES)[number], value: boolean) => {
    set({ [key]: value });
    if (key === 'dark') onDark?.(value);
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" scroll="paper">
      <DialogTitle>{t('settings.title')}</DialogTitle>
      <DialogContent dividers>
        {SWITCHES.map((key) => (
          <Box key={key}>
            <FormControlLabel
              sx={{ width: '100%', justifyContent: 'space-between', ml: 0 }}
              labelPlacement="start"
              label={t(`settings.${key}`)}
              control={
                <Switch
                  checked={settings[key]}
                  onChange={(e) => change(key, e.target.checked)}
                  slotProps={key === 'keyboardShortcuts' ? { input: { 'aria-describedby': 'settings-keyboard-help' } } : undefined}
                />
              }
            />
            {key === 'fourColor' && (
              <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', mb: 1 }} aria-hidden="true">
                {['As', 'Kh', 'Qd', 'Jc'].map((c) => (
                  <PlayingCard key={c} card={c} height={40} fourColour={settings.fourColor} />
                ))}
              </Box>
            )}
            {key === 'keyboardShortcuts' && (
              <Box id="settings-keyboard-help" data-testid="keyboard-help" sx={{ mb: 1 }}>
                <Typography variant="body2">{t('settings.keyboardKeys')}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('settings.keyboardHelp')}
                </Typography>
              </Box>
            )}
          </Box>
        ))}
        <TextField
          select
          fullWidth
          size="small"
          label={t('settings.language')}
          sx={{ mt: 2 }}
          value={settings.language}
          onChange={(e) => {
            const lang = e.target.value as PlayerSettings['language'];
            set({ language: lang });
            void i18n.changeLanguage(lang);
          }}
        >
          <MenuItem value="en">English</MenuItem>
          <MenuItem value="mn">Монгол</MenuItem>
        </TextField>
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle2" component="h3" gutterBottom>
          {t('settings.account')}
        </Typography>
        {account ? (
          <Box data-testid="account-info">
            <Typography>{account.username}</Typography>
            {account.email && (
              <Typography variant="body2" color="text.secondary">
                {account.email}
              </Typography>
            )}
            <Typography variant="body2">{t('settings.balance', { amount: money(account.balance) })}</Typography>
            {account.locked !== undefined && (
              <Typography variant="body2" color="text.secondary">
                {t('settings.locked', { amount: money(account.locked) })}
              </Typography>
            )}
          </Box>
        ) : (
          <Typography color="text.secondary">{t('settings.guest')}</Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between' }}>
        {onLogout ? (
          <Button color="error" onClick={onLogout}>
            {t('settings.logout')}
          </Button>
        ) : (
          <span />
        )}
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
