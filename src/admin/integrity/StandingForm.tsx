// An administrator's action on a player of the case: warn, restrict (no tables, no withdrawals),
// freeze (also pending withdrawals held), close, or lift the standing; always with a reason.
import { useState } from 'react';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { STANDINGS, type IntegrityCase } from '../../shared/api/integrity';
import { useActions } from './useActions';

type Choice = (typeof STANDINGS)[number] | 'good';

export function StandingForm({ c }: { c: IntegrityCase }) {
  const translate = useTranslate();
  const act = useActions();
  const [userId, setUserId] = useState(c.users[0]?.userId ?? 0);
  const [standing, setStanding] = useState<Choice>('warned');
  const [reason, setReason] = useState('');
  const apply = () => act((dp) => dp.call('setIntegrityStanding', { params: { caseId: c.id }, body: { userId, standing, reason } })).then(() => setReason(''));
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center' }} data-testid="standing-form">
      <TextField
        select
        size="small"
        fullWidth={false}
        sx={{ minWidth: 180 }}
        label={translate('integrity.player')}
        value={userId}
        onChange={(e) => setUserId(Number(e.target.value))}
      >
        {c.users.map((u) => (
          <MenuItem key={u.userId} value={u.userId}>
            {u.username}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        fullWidth={false}
        sx={{ minWidth: 180 }}
        label={translate('integrity.standing.label')}
        value={standing}
        onChange={(e) => setStanding(e.target.value as Choice)}
      >
        {[...STANDINGS, 'good' as const].map((s) => (
          <MenuItem key={s} value={s}>
            {translate(`integrity.standing.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField size="small" fullWidth={false} label={translate('integrity.reason.label')} value={reason} onChange={(e) => setReason(e.target.value)} />
      <Button variant="contained" disabled={!reason.trim()} onClick={apply} data-testid="apply-standing">
        {translate('integrity.action.apply')}
      </Button>
    </Stack>
  );
}
