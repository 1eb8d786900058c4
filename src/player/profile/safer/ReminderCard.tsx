// The session reminder's interval and the session in progress (time played, result).
import { useEffect, useState } from 'react';
import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useSaferTranslation } from './saferStrings';
import type { KeyedMutator } from 'swr';
import { api } from '../../api';
import { useNotify } from '../../components/Notify';
import { useFormat } from '../../hooks/useLang';
import { REMINDER_MAX_MINUTES, type SaferPlay } from '../../../shared/api/safer';
import { useErrorText } from './useSafer';

export function ReminderCard({ data, mutate }: { data: SaferPlay; mutate: KeyedMutator<SaferPlay> }) {
  const { t } = useSaferTranslation();
  const { signedMoney } = useFormat();
  const notify = useNotify();
  const errorText = useErrorText();
  const [raw, setRaw] = useState(String(data.reminderMinutes));
  const [busy, setBusy] = useState(false);
  useEffect(() => setRaw(String(data.reminderMinutes)), [data.reminderMinutes]);
  const value = Number(raw);
  const valid = Number.isInteger(value) && value >= 0 && value <= REMINDER_MAX_MINUTES;

  const save = async () => {
    setBusy(true);
    try {
      await mutate(await api.setSaferReminder(value), { revalidate: false });
      notify(t('safer.reminderSaved'), 'success');
    } catch (err) {
      notify(errorText(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2.5 }, border: 1, borderColor: 'divider' }}>
      <Typography variant="h6" component="h2">
        {t('safer.reminderTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('safer.reminderHelp')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={t('safer.reminderMinutes')}
          value={raw}
          onChange={(e) => setRaw(e.target.value)}
          error={!valid}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'reminder-minutes' } }}
        />
        <Button variant="contained" disabled={busy || !valid} onClick={() => void save()} data-testid="reminder-save">
          {t('safer.save')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mt: 1.5 }} data-testid="safer-session">
        {data.session ? t('safer.session', { minutes: data.session.minutes, result: signedMoney(data.session.result) }) : t('safer.noSession')}
      </Typography>
    </Paper>
  );
}
