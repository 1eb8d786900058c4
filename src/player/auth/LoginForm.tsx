import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Link, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/http';
import { api } from '../api';
import { useAuth } from './AuthContext';
import { useNotify } from '../components/Notify';
import { safeNext } from './authMode';
import { OtpField } from './OtpField';
import { PasswordField } from './PasswordField';
import { useErrorDetail } from './useErrorDetail';

export function LoginForm() {
  const { t } = useTranslation();
  const { signIn } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const detail = useErrorDetail();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // Second step, when the account has a second factor (the server answered OTP_REQUIRED).
  const [otpStep, setOtpStep] = useState(false);
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);
  // null: no failure; '' : failed without a detail; text: failed, with the server's reason.
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!username.trim() || !password || (otpStep && !otp.trim())) return;
    setBusy(true);
    setError(null);
    try {
      const res = await api.login({ username: username.trim(), password, ...(otpStep ? { otp: otp.trim() } : {}) });
      signIn(res);
      notify(t('auth.loginSuccess'), 'success');
      navigate(safeNext(params.get('next')), { replace: true });
    } catch (err) {
      if (isApiError(err) && err.code === 'OTP_REQUIRED') {
        setOtpStep(true);
        setTouched(false);
        return;
      }
      notify(t('auth.loginFailed'), 'error');
      setError(detail(err) ?? '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="login-form">
      <Stack spacing={0.5}>
        {error !== null && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="auth-error">
            {error ? `${t('auth.loginFailed')}: ${error}` : t('auth.loginFailed')}
          </Alert>
        )}
        <TextField
          label={t('auth.username')}
          name="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoComplete="username"
          error={touched && !username.trim()}
          helperText={touched && !username.trim() ? t('auth.required') : ' '}
          fullWidth
          autoFocus
        />
        <PasswordField
          label={t('auth.password')}
          name="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          error={touched && !password ? t('auth.required') : undefined}
        />
        {otpStep && <OtpField value={otp} onChange={setOtp} showError={touched} />}
        <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="login-submit">
          {busy ? <CircularProgress size={24} color="inherit" /> : t('auth.loginButton')}
        </Button>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', pt: 1.5, gap: 1, flexWrap: 'wrap' }}>
          <Link component={RouterLink} to="/auth/forgot-password">
            {t('menu.forgotPassword')}
          </Link>
          <Link component={RouterLink} to="/auth/register">
            {t('auth.noAccount')}
          </Link>
        </Box>
      </Stack>
    </Box>
  );
}
