import { useState } from 'react';
import { Alert, FormControlLabel, FormGroup, Paper, Switch, Typography } from '@mui/material';
import { useRegularsTranslation } from '../components/regularsStrings';
import { PUSH_KINDS, type PushKind } from '../../shared/api/regulars';
import { useFormat } from '../hooks/useLang';
import { permission, PushError, pushSupported, setPushKinds, storedKinds, type PushProblem } from './push';

/**
 * Notifications on this device, one switch per kind of message. Turning the first one on asks the
 * browser's permission (here, inside the click: never when a page loads); turning the last one off
 * drops the subscription.
 */
export default function PushSettings() {
  const { t } = useRegularsTranslation();
  const { lang } = useFormat();
  const [kinds, setKinds] = useState<PushKind[]>(() => (permission() === 'granted' ? storedKinds() : []));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<PushProblem | null>(() => (!pushSupported() ? 'unsupported' : permission() === 'denied' ? 'denied' : null));
  const toggle = async (kind: PushKind, on: boolean) => {
    const next = on ? [...kinds, kind] : kinds.filter((k) => k !== kind);
    setBusy(true);
    setProblem(null);
    try {
      await setPushKinds(next, lang);
      setKinds(next);
    } catch (e) {
      setProblem(e instanceof PushError ? e.problem : 'failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper sx={{ mt: 2, p: { xs: 2, sm: 3 }, border: 1, borderColor: 'divider' }} data-testid="push-settings">
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('push.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('push.intro')}
      </Typography>
      <FormGroup>
        {PUSH_KINDS.map((kind) => (
          <FormControlLabel
            key={kind}
            control={
              <Switch
                checked={kinds.includes(kind)}
                disabled={busy || problem === 'unsupported'}
                onChange={(e) => void toggle(kind, e.target.checked)}
                slotProps={{ input: { 'data-testid': `push-${kind}` } as object }}
              />
            }
            label={t(`push.kinds.${kind}`)}
          />
        ))}
      </FormGroup>
      {problem && (
        <Alert severity={problem === 'failed' ? 'error' : 'info'} sx={{ mt: 1 }} role="status" data-testid="push-problem">
          {t(`push.problems.${problem}`)}
        </Alert>
      )}
    </Paper>
  );
}
