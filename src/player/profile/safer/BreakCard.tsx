// Cool-off (1 day to 6 weeks) and self-exclusion (6 months or more, or permanent), each after a
// confirmation that says it cannot be undone; while one is in force, it is all the card shows.
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { useSaferTranslation } from './saferStrings';
import type { KeyedMutator } from 'swr';
import { api } from '../../api';
import { useAuth } from '../../auth/AuthContext';
import { useNotify } from '../../components/Notify';
import { useFormat } from '../../hooks/useLang';
import { COOL_OFF_DAYS, type ExclusionKind, type SaferPlay } from '../../../shared/api/safer';
import { useErrorText } from './useSafer';

const DAYS_PER_MONTH = 30.5;

type Ask = { kind: ExclusionKind; days?: number; permanent?: boolean };

function ExclusionForm({ kind, onAsk }: { kind: ExclusionKind; onAsk: (a: Ask) => void }) {
  const { t } = useSaferTranslation();
  const cool = kind === 'COOL_OFF';
  const [n, setN] = useState(cool ? '1' : '6');
  const [permanent, setPermanent] = useState(false);
  const value = Number(n);
  const valid = permanent || (Number.isInteger(value) && (cool ? value >= COOL_OFF_DAYS.min && value <= COOL_OFF_DAYS.max : value >= 6 && value <= 120));
  const ask = (): Ask => (cool ? { kind, days: value } : permanent ? { kind, permanent: true } : { kind, days: Math.ceil(value * DAYS_PER_MONTH) });
  return (
    <Stack spacing={1} data-testid={`break-${kind}`}>
      <Typography sx={{ fontWeight: 700 }}>{t(cool ? 'safer.coolOff' : 'safer.selfExclusion')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t(cool ? 'safer.coolOffHelp' : 'safer.selfExclusionHelp')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          size="small"
          label={t(cool ? 'safer.days' : 'safer.months')}
          value={n}
          disabled={permanent}
          onChange={(e) => setN(e.target.value)}
          error={!valid}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `break-${kind}-n` } }}
          sx={{ width: 120 }}
        />
        {!cool && (
          <FormControlLabel
            control={<Switch checked={permanent} onChange={(e) => setPermanent(e.target.checked)} data-testid="break-permanent" />}
            label={t('safer.permanent')}
          />
        )}
        <Button variant="outlined" disabled={!valid} onClick={() => onAsk(ask())} data-testid={`break-${kind}-start`}>
          {t('safer.start')}
        </Button>
      </Stack>
    </Stack>
  );
}

export function BreakCard({ data, mutate }: { data: SaferPlay; mutate: KeyedMutator<SaferPlay> }) {
  const { t } = useSaferTranslation();
  const { date } = useFormat();
  const notify = useNotify();
  const errorText = useErrorText();
  const { refreshUser } = useAuth();
  const [asking, setAsking] = useState<Ask | null>(null);
  const [busy, setBusy] = useState(false);
  const ex = data.exclusion;

  const confirm = async () => {
    if (!asking) return;
    setBusy(true);
    try {
      const next = await api.saferExclude(asking);
      await mutate(next, { revalidate: false });
      notify(t('safer.started'), 'success');
      void refreshUser();
      setAsking(null);
    } catch (err) {
      notify(errorText(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  const confirmText = !asking
    ? ''
    : asking.kind === 'COOL_OFF'
      ? t('safer.confirmCoolOff', { days: asking.days })
      : asking.permanent
        ? t('safer.confirmPermanent')
        : t('safer.confirmSelf', { months: Math.round((asking.days ?? 0) / DAYS_PER_MONTH) });

  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2.5 }, border: 1, borderColor: 'divider' }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('safer.breakTitle')}
      </Typography>
      {ex ? (
        <Alert severity="warning" data-testid="break-active">
          {ex.endsAt
            ? t('safer.excludedUntil', { kind: t(ex.kind === 'COOL_OFF' ? 'safer.coolOff' : 'safer.selfExclusion'), date: date(ex.endsAt) })
            : t('safer.excludedForever')}
        </Alert>
      ) : (
        <Stack spacing={2.5}>
          <ExclusionForm kind="COOL_OFF" onAsk={setAsking} />
          <ExclusionForm kind="SELF_EXCLUSION" onAsk={setAsking} />
        </Stack>
      )}
      <Dialog open={asking !== null} onClose={() => !busy && setAsking(null)} data-testid="break-confirm">
        <DialogTitle>{t('safer.confirmTitle')}</DialogTitle>
        <DialogContent>
          <Typography>{confirmText}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)} disabled={busy}>
            {t('safer.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={() => void confirm()} disabled={busy} data-testid="break-confirm-yes">
            {t('safer.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
