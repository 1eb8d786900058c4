import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { api } from '../api';
import { useAuth } from './AuthContext';
import { useErrorDetail } from './useErrorDetail';

type State = { kind: 'checking' } | { kind: 'done' } | { kind: 'failed'; message: string };

/** The page the mailed link opens: /confirm-email?token=… → POST /user/confirm-email, once. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const detail = useErrorDetail();
  const { isAuthenticated, refreshUser } = useAuth();
  const [state, setState] = useState<State>(token.length >= 10 ? { kind: 'checking' } : { kind: 'failed', message: t('confirm.badToken') });
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (token.length < 10 || sent.current === token) return;
    sent.current = token; // a link is used once, even when React runs effects twice
    api.confirmEmail({ token }).then(
      () => {
        setState({ kind: 'done' });
        if (isAuthenticated) void refreshUser();
      },
      (err) => {
        const code = (err as { code?: string }).code;
        setState({ kind: 'failed', message: code === 'INVALID_TOKEN' ? t('confirm.badToken') : (detail(err) ?? t('errors.network')) });
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a link is confirmed once, when it opens
  }, [token]);

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 1, sm: 4 } }}>
      <Card sx={{ width: '100%', maxWidth: 460 }}>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
            {t('confirm.title')}
          </Typography>
          {state.kind === 'checking' && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="confirm-checking">
              <CircularProgress size={24} />
              <Typography>{t('confirm.checking')}</Typography>
            </Stack>
          )}
          {state.kind === 'done' && (
            <Alert severity="success" data-testid="confirm-done">
              {t('confirm.done')}
            </Alert>
          )}
          {state.kind === 'failed' && (
            <Alert severity="error" data-testid="confirm-failed">
              {state.message}
            </Alert>
          )}
          {state.kind !== 'checking' && (
            <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
              {isAuthenticated && (
                <Button component={RouterLink} to="/profile" variant="contained">
                  {t('confirm.toProfile')}
                </Button>
              )}
              <Button component={RouterLink} to="/">
                {t('confirm.toLobby')}
              </Button>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
