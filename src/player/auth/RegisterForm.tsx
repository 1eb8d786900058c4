import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Checkbox, CircularProgress, FormControlLabel, FormHelperText, Link, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { BANKS, RegisterBody } from '../../shared/api';
import { api } from '../api';
import { useAuth } from './AuthContext';
import { useNotify } from '../components/Notify';
import { useFormat } from '../hooks/useLang';
import { NewPasswordFields } from './NewPasswordFields';
import { useErrorDetail } from './useErrorDetail';

type RegisterFields = {
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
  bank: string;
  accountNumber: string;
};

type FieldErrors = Partial<Record<keyof RegisterFields | 'adult', string>>;

const EMPTY: RegisterFields = { email: '', username: '', password: '', confirmPassword: '', bank: '', accountNumber: '' };

export function RegisterForm() {
  const { t } = useTranslation();
  const { lang } = useFormat();
  const { signIn } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const detail = useErrorDetail();
  const [f, setF] = useState<RegisterFields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  // 18 or older (docs/safer-play.md): the server refuses a registration without it.
  const [adult, setAdult] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const set = (k: keyof RegisterFields) => (v: string) => setF((s) => ({ ...s, [k]: v }));

  const validate = (): boolean => {
    // The contract's schema decides what is valid; the messages are ours, per field and language.
    const parsed = RegisterBody.safeParse({ ...f, email: f.email.trim(), username: f.username.trim(), adult });
    const errs: FieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        if (!errs[field]) errs[field] = t(`register.errors.${field}`);
      }
    }
    setErrors(errs);
    return Object.keys(errs).length === 0;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (!validate()) return;
    setBusy(true);
    try {
      const res = await api.register({
        email: f.email.trim(),
        username: f.username.trim(),
        password: f.password,
        confirmPassword: f.confirmPassword,
        bank: f.bank as RegisterBody['bank'],
        accountNumber: f.accountNumber.trim(),
        adult: true,
      });
      notify(t('auth.registerSuccess'), 'success');
      signIn(res);
      navigate('/', { replace: true });
    } catch (err) {
      const d = detail(err);
      const msg = d ? t('auth.registerError') + d : t('auth.registerGenericError');
      setFormError(msg);
      notify(msg, 'error');
    } finally {
      setBusy(false);
    }
  };

  const text = (k: keyof RegisterFields, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      name={k}
      value={f[k]}
      onChange={(e) => set(k)(e.target.value)}
      error={!!errors[k]}
      helperText={errors[k] || ' '}
      fullWidth
      {...extra}
    />
  );

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="register-form">
      <Stack spacing={0.5}>
        {formError && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="auth-error">
            {formError}
          </Alert>
        )}
        {text('email', t('auth.email'), { type: 'email', autoComplete: 'email', autoFocus: true })}
        {text('username', t('auth.username'), { autoComplete: 'username' })}
        <NewPasswordFields label={t('auth.password')} values={f} onChange={set} errors={errors} />
        {text('bank', t('auth.bank'), {
          select: true,
          children: BANKS.map((b) => (
            <MenuItem key={b.code} value={b.code}>
              {lang === 'mn' ? b.nameMn : b.name}
            </MenuItem>
          )),
          slotProps: { select: { 'data-testid': 'bank-select' } },
        })}
        {text('accountNumber', t('auth.accountNumber'), { inputMode: 'numeric', autoComplete: 'off' })}
        <FormControlLabel
          control={
            <Checkbox name="adult" checked={adult} onChange={(e) => setAdult(e.target.checked)} slotProps={{ input: { 'aria-invalid': !!errors.adult } }} />
          }
          label={t('register.adult')}
          data-testid="register-adult"
        />
        <FormHelperText error sx={{ mt: 0, mb: 1 }}>
          {errors.adult || ' '}
        </FormHelperText>
        <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="register-submit">
          {busy ? <CircularProgress size={24} color="inherit" /> : t('auth.registerButton')}
        </Button>
        <Box sx={{ pt: 1.5 }}>
          <Link component={RouterLink} to="/auth/login">
            {t('auth.haveAccount')}
          </Link>
        </Box>
      </Stack>
    </Box>
  );
}
