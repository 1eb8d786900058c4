import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Box, Card, CardContent, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAuth } from './AuthContext';
import { LoadingScreen } from '../components/LoadingScreen';
import { Logo } from '../components/Logo';
import { useLoadingGate } from '../hooks/useLoadingGate';
import { modeFromPath, safeNext } from './authMode';
import { LoginForm } from './LoginForm';

// Registering and the forgotten password carry the shared contract's schemas (zod): loaded only
// for those modes, so the login page does not build them (docs/delivery.md, Code splitting).
const loadRegister = () => import('./RegisterForm');
const loadForgot = () => import('./ForgotForm');
const RegisterForm = lazy(() => loadRegister().then((m) => ({ default: m.RegisterForm })));
const ForgotForm = lazy(() => loadForgot().then((m) => ({ default: m.ForgotForm })));

/** One page, three modes (SPEC §2); each mode shows the 500 ms loading screen first. */
export default function AuthPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { isAuthenticated } = useAuth();
  const mode = modeFromPath(location.pathname);
  const loading = useLoadingGate(mode);
  // Fetched while the loading screen shows, so the form is there when it ends.
  useEffect(() => {
    if (mode === 'register') void loadRegister();
    if (mode === 'forgot-password') void loadForgot();
  }, [mode]);
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
          <Suspense fallback={<LoadingScreen />}>
            {mode === 'register' && <RegisterForm />}
            {mode === 'forgot-password' && <ForgotForm />}
          </Suspense>
        </CardContent>
      </Card>
    </Box>
  );
}
