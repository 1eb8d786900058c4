import { useState } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';

/** A password input with a show/hide toggle; the helper line is kept so the form does not jump. */
export function PasswordField(props: { label: string; value: string; onChange: (v: string) => void; error?: string; autoComplete: string; name: string }) {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  return (
    <TextField
      label={props.label}
      name={props.name}
      type={show ? 'text' : 'password'}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      error={!!props.error}
      helperText={props.error || ' '}
      autoComplete={props.autoComplete}
      fullWidth
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton onClick={() => setShow((s) => !s)} edge="end" aria-label={show ? t('auth.hidePassword') : t('auth.showPassword')} tabIndex={-1}>
                {show ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
