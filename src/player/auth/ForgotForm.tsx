import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, CircularProgress, Link, TextField, Typography } from '@mui/material';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordBody } from '../../shared/api';
import { ApiError } from '../../shared/http';
import { api } from '../api';
import { useErrorDetail } from './useErrorDetail';

/** What the player sees once the reset mail is on its way. */
function ForgotSent({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="forgot-sent" sx={{ textAlign: 'center' }}>
      <MarkEmailReadIcon color="primary" sx={{ fontSize: 56 }} />
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        {t('forgot.sentTitle')}
      </Typography>
      <Typography sx={{ mt: 1 }}>{t('forgot.sentBody', { email })}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('forgot.noMail')}
      </Typography>
      <Button component={RouterLink} to="/auth/login" sx={{ mt: 2 }}>
        {t('forgot.backToLogin')}
      </Button>
    </Box>
  );
}

/** Asks for a reset link by e-mail; the link opens ResetPasswordPage. */
export function ForgotForm() {
  const { t } = useTranslation();
  const detail = useErrorDetail();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!ForgotPasswordBody.safeParse({ email: value }).success) {
      setError(t('register.errors.email'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await api.forgotPassword({ email: value });
      setSentTo(value);
    } catch (err) {
      setError(detail(err) ?? (err instanceof ApiError ? err.message : t('errors.network')));
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) return <ForgotSent email={sentTo} />;

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="forgot-form">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('forgot.intro')}
      </Typography>
      <TextField
        label={t('auth.email')}
        name="email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={!!error}
        helperText={error || ' '}
        autoComplete="email"
        fullWidth
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 0.5 }} data-testid="forgot-submit">
        {busy ? <CircularProgress size={24} color="inherit" /> : t('forgot.send')}
      </Button>
      <Box sx={{ pt: 2 }}>
        <Link component={RouterLink} to="/auth/login">
          {t('forgot.backToLogin')}
        </Link>
      </Box>
    </Box>
  );
}
