import { useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  IconButton,
  InputAdornment,
  Link,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { useTranslation } from 'react-i18next';
import { BANKS, RegisterBody, ForgotPasswordBody } from '../../shared/api';
import { ApiError, isApiError } from '../../shared/http';
import { api } from '../api';
import { useAuth } from '../auth/AuthContext';
import { useNotify } from '../components/Notify';
import { LoadingScreen } from '../components/LoadingScreen';
import { Logo } from '../components/Logo';
import { useLoadingGate } from '../hooks/useLoadingGate';
import { useFormat } from '../hooks/useLang';

export type AuthMode = 'login' | 'register' | 'forgot-password';

export function modeFromPath(pathname: string): AuthMode {
  if (pathname.endsWith('/register')) return 'register';
  if (pathname.endsWith('/forgot-password')) return 'forgot-password';
  return 'login';
}

/** Only same-site paths are followed after sign-in. */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function PasswordField(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  autoComplete: string;
  name: string;
}) {
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
              <IconButton
                onClick={() => setShow((s) => !s)}
                edge="end"
                aria-label={show ? t('auth.hidePassword') : t('auth.showPassword')}
                tabIndex={-1}
              >
                {show ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** A localised detail for a server error code, else the server's own message. */
export function useErrorDetail() {
  const { t, i18n } = useTranslation();
  return (e: unknown): string | undefined => {
    if (!isApiError(e) || e.status === 0) return undefined;
    const key = `errors.${e.code}`;
    return i18n.exists(key) ? t(key) : e.message;
  };
}

function LoginForm() {
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
        {otpStep && (
          <>
            <Alert severity="info" sx={{ mb: 1.5 }} data-testid="otp-prompt">
              {t('auth.otpHelp')}
            </Alert>
            <TextField
              label={t('auth.otp')}
              name="otp"
              value={otp}
              onChange={(e) => setOtp(e.target.value)}
              autoComplete="one-time-code"
              error={touched && !otp.trim()}
              helperText={touched && !otp.trim() ? t('auth.required') : ' '}
              slotProps={{ htmlInput: { inputMode: 'text', maxLength: 40 } }}
              fullWidth
              autoFocus
            />
          </>
        )}
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

type RegisterFields = {
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
  bank: string;
  accountNumber: string;
};

function RegisterForm() {
  const { t } = useTranslation();
  const { lang } = useFormat();
  const { signIn } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const detail = useErrorDetail();
  const [f, setF] = useState<RegisterFields>({
    email: '',
    username: '',
    password: '',
    confirmPassword: '',
    bank: '',
    accountNumber: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof RegisterFields, string>>>({});
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const set = (k: keyof RegisterFields) => (v: string) => setF((s) => ({ ...s, [k]: v }));

  const validate = (): boolean => {
    // The contract's schema decides what is valid; the messages are ours, per field and language.
    const parsed = RegisterBody.safeParse({ ...f, email: f.email.trim(), username: f.username.trim() });
    const errs: Partial<Record<keyof RegisterFields, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof RegisterFields;
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
        <PasswordField label={t('auth.password')} name="password" value={f.password} onChange={set('password')} error={errors.password} autoComplete="new-password" />
        <PasswordField
          label={t('auth.confirmPassword')}
          name="confirmPassword"
          value={f.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
          autoComplete="new-password"
        />
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

function ForgotForm() {
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

  if (sentTo)
    return (
      <Box data-testid="forgot-sent" sx={{ textAlign: 'center' }}>
        <MarkEmailReadIcon color="primary" sx={{ fontSize: 56 }} />
        <Typography variant="h6" sx={{ mt: 1 }}>
          {t('forgot.sentTitle')}
        </Typography>
        <Typography sx={{ mt: 1 }}>{t('forgot.sentBody', { email: sentTo })}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('forgot.noMail')}
        </Typography>
        <Button component={RouterLink} to="/auth/login" sx={{ mt: 2 }}>
          {t('forgot.backToLogin')}
        </Button>
      </Box>
    );

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

/** One page, three modes (SPEC §2); each mode shows the 500 ms loading screen first. */
export default function AuthPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { isAuthenticated } = useAuth();
  const mode = modeFromPath(location.pathname);
  const loading = useLoadingGate(mode);
  if (isAuthenticated && mode !== 'forgot-password') return <Navigate to={safeNext(params.get('next'))} replace />;
  if (loading) return <LoadingScreen />;
  const title = mode === 'login' ? t('auth.loginTitle') : mode === 'register' ? t('auth.registerTitle') : t('forgot.title');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 1, sm: 4 } }}>
      <Card sx={{ width: '100%', maxWidth: 460 }}>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
            <Logo size={40} />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }} data-testid="auth-title">
              {title}
            </Typography>
          </Box>
          {mode !== 'forgot-password' && (
            <Tabs value={mode} onChange={(_, v) => navigate(`/auth/${v}${location.search}`)} variant="fullWidth" sx={{ mb: 2 }}>
              <Tab value="login" label={t('menu.login')} />
              <Tab value="register" label={t('menu.register')} />
            </Tabs>
          )}
          {mode === 'login' && <LoginForm />}
          {mode === 'register' && <RegisterForm />}
          {mode === 'forgot-password' && <ForgotForm />}
        </CardContent>
      </Card>
    </Box>
  );
}
