import { Alert, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The second sign-in step: the code from the authenticator app (or a recovery code). */
export function OtpField({ value, onChange, showError }: { value: string; onChange: (v: string) => void; showError: boolean }) {
  const { t } = useTranslation();
  const missing = showError && !value.trim();
  return (
    <>
      <Alert severity="info" sx={{ mb: 1.5 }} data-testid="otp-prompt">
        {t('auth.otpHelp')}
      </Alert>
      <TextField
        label={t('auth.otp')}
        name="otp"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="one-time-code"
        error={missing}
        helperText={missing ? t('auth.required') : ' '}
        slotProps={{ htmlInput: { inputMode: 'text', maxLength: 40 } }}
        fullWidth
        autoFocus
      />
    </>
  );
}
