import { useEffect, useState, type ReactNode } from 'react';
import { Box, Button, CircularProgress, FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AVATAR_IDS, type AvatarId } from '../../shared/avatars';
import { AvatarPicture, avatarOrNull } from '../../shared/ui/avatars';
import { api } from '../api';
import { useAuth } from '../auth/AuthContext';
import { useNotify } from '../components/Notify';
import { useErrorDetail } from '../auth/useErrorDetail';
import { Avatar } from '../components/Avatar';

/** The radio value of "no picture": the initials. */
const INITIALS = 'initials';
const PICTURE = 48;

/** A choice's picture; the chosen one gets a thick ring in the theme's primary colour. */
function Tile({ children, checked }: { children: ReactNode; checked: boolean }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        borderRadius: '50%',
        p: '3px',
        border: 3,
        borderColor: checked ? 'primary.main' : 'transparent',
      }}
    >
      {children}
    </Box>
  );
}

/**
 * The profile's avatar choice (PATCH /me { avatar }): one of the set or the initials. Native radios
 * (arrow keys move, Tab leaves the group), each named by its visible label; targets well over
 * 44 px. Others see a new choice from the player's next sit at a table.
 */
export default function AvatarPicker() {
  const { t } = useTranslation();
  const { userInfo, refreshUser } = useAuth();
  const notify = useNotify();
  const detail = useErrorDetail();
  const saved = avatarOrNull(userInfo?.avatar);
  const [choice, setChoice] = useState<AvatarId | null>(saved);
  const [busy, setBusy] = useState(false);
  useEffect(() => setChoice(saved), [saved]);

  if (!userInfo) return null;
  const save = async () => {
    setBusy(true);
    try {
      await api.patchMe({ avatar: choice });
      notify(t('avatar.saved'), 'success');
      await refreshUser();
    } catch (err) {
      notify(detail(err) ?? t('withdraw.unknownError'), 'error');
    } finally {
      setBusy(false);
    }
  };
  const options: Array<{ value: string; label: string; picture: ReactNode }> = [
    { value: INITIALS, label: t('avatar.initials'), picture: <Avatar name={userInfo.username} size={PICTURE} /> },
    ...AVATAR_IDS.map((id) => ({ value: id, label: t(`avatar.names.${id}`), picture: <AvatarPicture id={id} size={PICTURE} /> })),
  ];
  const value = choice ?? INITIALS;

  return (
    <Box component="section" aria-labelledby="avatar-title" data-testid="avatar-picker" sx={{ maxWidth: 640, mb: 3 }}>
      <Typography id="avatar-title" variant="h6" component="h2">
        {t('avatar.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" id="avatar-help" sx={{ mb: 1 }}>
        {t('avatar.help')}
      </Typography>
      <RadioGroup
        name="avatar"
        value={value}
        onChange={(e) => setChoice(avatarOrNull(e.target.value))}
        aria-labelledby="avatar-title"
        aria-describedby="avatar-help"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(84px, 1fr))', gap: 0.5, mb: 1.5 }}
      >
        {options.map((o) => (
          <FormControlLabel
            key={o.value}
            value={o.value}
            labelPlacement="bottom"
            label={o.label}
            data-testid={`avatar-option-${o.value}`}
            sx={{ m: 0, minHeight: 44, '& .MuiFormControlLabel-label': { fontSize: 13, textAlign: 'center', lineHeight: 1.2 } }}
            control={
              <Radio
                icon={<Tile checked={false}>{o.picture}</Tile>}
                checkedIcon={<Tile checked>{o.picture}</Tile>}
                sx={{ p: 0.5, '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 1 } }}
              />
            }
          />
        ))}
      </RadioGroup>
      <Button variant="contained" onClick={save} disabled={busy || choice === saved} data-testid="avatar-save" sx={{ minHeight: 44 }}>
        {busy ? <CircularProgress size={24} color="inherit" /> : t('avatar.save')}
      </Button>
    </Box>
  );
}
