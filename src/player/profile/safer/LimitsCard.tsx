// Deposit, loss and session limits: each with its value in force, what is used of it, and a raise
// or removal waiting for its 24 hours (docs/safer-play.md).
import { useState } from 'react';
import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useSaferTranslation } from './saferStrings';
import type { KeyedMutator } from 'swr';
import { api } from '../../api';
import { useNotify } from '../../components/Notify';
import { useFormat } from '../../hooks/useLang';
import type { SaferLimit, SaferPlay } from '../../../shared/api/safer';
import { useErrorText } from './useSafer';

function LimitRow({ limit, onSaved }: { limit: SaferLimit; onSaved: (next: SaferPlay) => void }) {
  const { t } = useSaferTranslation();
  const { money, dateTime } = useFormat();
  const notify = useNotify();
  const errorText = useErrorText();
  const [raw, setRaw] = useState('');
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const minutes = limit.kind === 'SESSION_MINUTES';
  const show = (n: number) => (minutes ? `${n}` : money(n));

  const save = async (amount: number | null) => {
    if (amount !== null && (!Number.isSafeInteger(amount) || amount <= 0)) return setInvalid(true);
    setBusy(true);
    try {
      const next = await api.setSaferLimit({ kind: limit.kind, amount });
      const mine = next.limits.find((l) => l.kind === limit.kind);
      notify(t(mine?.pendingFrom ? 'safer.savedPending' : 'safer.saved'), 'success');
      setRaw('');
      onSaved(next);
    } catch (err) {
      notify(errorText(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box data-testid={`limit-${limit.kind}`} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Box>
          <Typography sx={{ fontWeight: 700 }}>{t(`safer.kinds.${limit.kind}`)}</Typography>
          <Typography variant="body2" data-testid={`limit-${limit.kind}-amount`}>
            {limit.amount === null ? t('safer.none') : show(limit.amount)}
            {limit.amount !== null && (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {' · '}
                {minutes ? t('safer.usedMinutes', { minutes: limit.used }) : t('safer.used', { used: money(limit.used) })}
              </Box>
            )}
          </Typography>
          {limit.pendingFrom && (
            <Typography variant="body2" color="warning.main" data-testid={`limit-${limit.kind}-pending`}>
              {limit.pendingAmount === null
                ? t('safer.pendingRemoval', { date: dateTime(limit.pendingFrom) })
                : t('safer.pending', { amount: show(limit.pendingAmount), date: dateTime(limit.pendingFrom) })}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('safer.amount')}
            value={raw}
            onChange={(e) => {
              setRaw(e.target.value);
              setInvalid(false);
            }}
            error={invalid}
            helperText={invalid ? t('safer.invalid') : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `limit-${limit.kind}-input` } }}
            sx={{ width: { xs: '100%', sm: 160 } }}
          />
          <Button
            variant="contained"
            disabled={busy || !raw}
            onClick={() => void save(Number(raw.replace(/[\s,]/g, '')))}
            data-testid={`limit-${limit.kind}-save`}
          >
            {t('safer.save')}
          </Button>
          {limit.amount !== null && (
            <Button disabled={busy} onClick={() => void save(null)} data-testid={`limit-${limit.kind}-remove`}>
              {t('safer.remove')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}

export function LimitsCard({ data, mutate }: { data: SaferPlay; mutate: KeyedMutator<SaferPlay> }) {
  const { t } = useSaferTranslation();
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2.5 }, border: 1, borderColor: 'divider' }}>
      <Typography variant="h6" component="h2">
        {t('safer.limitsTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('safer.intro')}
      </Typography>
      {data.limits.map((l) => (
        <LimitRow key={l.kind} limit={l} onSaved={(next) => void mutate(next, { revalidate: false })} />
      ))}
    </Paper>
  );
}
