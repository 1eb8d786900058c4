import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ResetPasswordBody } from '../../shared/api';
import { api } from '../api';
import { PasswordField } from './PasswordField';
import { useErrorDetail } from './useErrorDetail';

/** The page the mailed link opens: /reset-password?token=… → POST /user/reset-password. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const detail = useErrorDetail();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmPassword?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ResetPasswordBody.safeParse({ token, password, confirmPassword: confirm });
    if (!parsed.success) {
      const errs: typeof errors = {};
      for (const i of parsed.error.issues) {
        if (i.path[0] === 'password') errs.password = t('register.errors.password');
        if (i.path[0] === 'confirmPassword') errs.confirmPassword = t('register.errors.confirmPassword');
        if (i.path[0] === 'token') setError(t('reset.badToken'));
      }
      setErrors(errs);
      return;
    }
    setErrors({});
    setError(null);
    setBusy(true);
    try {
      await api.resetPassword({ token, password, confirmPassword: confirm });
      setDone(true);
    } catch (err) {
      setError(detail(err) ?? t('errors.network'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 1, sm: 4 } }}>
      <Card sx={{ width: '100%', maxWidth: 460 }}>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
            {t('reset.title')}
          </Typography>
          {!token && <Alert severity="error">{t('reset.badToken')}</Alert>}
          {done ? (
            <Stack spacing={2} data-testid="reset-done">
              <Alert severity="success">{t('reset.done')}</Alert>
              <Button component={RouterLink} to="/auth/login" variant="contained">
                {t('auth.loginButton')}
              </Button>
            </Stack>
          ) : (
            token && (
              <Box component="form" onSubmit={submit} noValidate>
                {error && (
                  <Alert severity="error" sx={{ mb: 2 }}>
                    {error}
                  </Alert>
                )}
                <PasswordField
                  label={t('reset.newPassword')}
                  name="password"
                  value={password}
                  onChange={setPassword}
                  error={errors.password}
                  autoComplete="new-password"
                />
                <PasswordField
                  label={t('auth.confirmPassword')}
                  name="confirmPassword"
                  value={confirm}
                  onChange={setConfirm}
                  error={errors.confirmPassword}
                  autoComplete="new-password"
                />
                <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
                  {busy ? <CircularProgress size={24} color="inherit" /> : t('reset.submit')}
                </Button>
              </Box>
            )
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
