// Register / unregister for a tournament: the button, and a confirmation (its own lazy chunk, as
// the lobby downloads only what it shows) saying what is taken from the wallet or given back.
import { lazy, Suspense, useState } from 'react';
import { Button, Chip } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TournamentSummary } from '../api';
import { useAuth } from '../auth/AuthContext';
import { isFull, registrationAction } from './text';

const RegistrationDialog = lazy(() => import('./RegistrationDialog'));

export function RegisterButton({ tournament: s, size = 'small' }: { tournament: TournamentSummary; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  const [mode, setMode] = useState<'register' | 'unregister' | null>(null);
  const action = registrationAction(s);
  if (action === null) return null;
  if (!isAuthenticated)
    return (
      <Button
        size={size}
        variant="outlined"
        onClick={() => navigate(`/auth/login?next=${encodeURIComponent(`/tournament/${s.id}`)}`)}
        data-testid={`tournament-signin-${s.id}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('tournament.signInToRegister')}
      </Button>
    );
  if (action !== 'unregister' && isFull(s))
    return <Chip size="small" variant="outlined" label={t('tournament.full')} data-testid={`tournament-full-${s.id}`} />;
  const leaving = action === 'unregister';
  return (
    <>
      <Button
        size={size}
        variant={leaving ? 'outlined' : 'contained'}
        color={leaving ? 'inherit' : 'primary'}
        onClick={() => setMode(leaving ? 'unregister' : 'register')}
        data-testid={`tournament-${action}-${s.id}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t(`tournament.${action}`)}
      </Button>
      {mode && (
        <Suspense fallback={null}>
          <RegistrationDialog tournament={s} mode={mode} onClose={() => setMode(null)} />
        </Suspense>
      )}
    </>
  );
}
