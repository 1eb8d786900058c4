// Restitution on a case: the proposals with their payments, paid or refused by a second
// administrator; a new proposal takes money from one player of the case to the others.
import { useState } from 'react';
import { Box, Button, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { IntegrityCase, Restitution } from '../../shared/api/integrity';
import { formatMoney } from '../../shared/format';
import { useLang } from '../common/fields';
import { useActions } from './useActions';

function Row({ r, admin }: { r: Restitution; admin: boolean }) {
  const translate = useTranslate();
  const lang = useLang();
  const act = useActions();
  return (
    <TableRow data-testid={`restitution-${r.id}`}>
      <TableCell>{r.offender}</TableCell>
      <TableCell>{r.payments.map((p) => `${p.username} ${formatMoney(p.amount, lang)}`).join(', ')}</TableCell>
      <TableCell align="right">{formatMoney(r.total, lang)}</TableCell>
      <TableCell>{translate(`integrity.restitutionStatus.${r.status}`)}</TableCell>
      <TableCell>
        {r.proposedBy}
        {r.resolvedBy ? ` → ${r.resolvedBy}` : ''}
      </TableCell>
      <TableCell>
        {admin && r.status === 'proposed' && (
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              variant="contained"
              onClick={() => act((dp) => dp.call('approveRestitution', { params: { restitutionId: r.id } }))}
              data-testid="pay-restitution"
            >
              {translate('integrity.action.pay')}
            </Button>
            <Button
              size="small"
              onClick={() =>
                act((dp) => dp.call('rejectRestitution', { params: { restitutionId: r.id }, body: { reason: translate('integrity.refusedReason') } }))
              }
            >
              {translate('integrity.action.refuse')}
            </Button>
          </Stack>
        )}
      </TableCell>
    </TableRow>
  );
}

function Propose({ c }: { c: IntegrityCase }) {
  const translate = useTranslate();
  const act = useActions();
  const [offenderId, setOffender] = useState(c.users[0]?.userId ?? 0);
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const payments = c.users
    .filter((u) => u.userId !== offenderId)
    .map((u) => ({ userId: u.userId, amount: Math.floor(Number(amounts[u.userId] ?? 0)) }))
    .filter((p) => p.amount > 0);
  const propose = () =>
    act((dp) => dp.call('proposeRestitution', { params: { caseId: c.id }, body: { offenderId, payments, reason } })).then(() => setAmounts({}));
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }} data-testid="propose-restitution">
      <TextField
        select
        size="small"
        fullWidth={false}
        sx={{ minWidth: 180 }}
        label={translate('integrity.offender')}
        value={offenderId}
        onChange={(e) => setOffender(Number(e.target.value))}
      >
        {c.users.map((u) => (
          <MenuItem key={u.userId} value={u.userId}>
            {u.username}
          </MenuItem>
        ))}
      </TextField>
      {c.users
        .filter((u) => u.userId !== offenderId)
        .map((u) => (
          <TextField
            key={u.userId}
            size="small"
            fullWidth={false}
            type="number"
            label={translate('integrity.payTo', { username: u.username })}
            value={amounts[u.userId] ?? ''}
            onChange={(e) => setAmounts({ ...amounts, [u.userId]: e.target.value })}
            slotProps={{ htmlInput: { min: 1, step: 1, 'data-testid': `pay-${u.userId}` } }}
          />
        ))}
      <TextField size="small" fullWidth={false} label={translate('integrity.reason.label')} value={reason} onChange={(e) => setReason(e.target.value)} />
      <Button variant="outlined" disabled={!payments.length || !reason.trim()} onClick={propose} data-testid="propose">
        {translate('integrity.action.propose')}
      </Button>
    </Stack>
  );
}

export function Restitutions({ c, admin }: { c: IntegrityCase; admin: boolean }) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="subtitle1" component="h3">
        {translate('integrity.restitutions')}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {translate('integrity.fourEyes')}
      </Typography>
      {(c.restitutions ?? []).length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('integrity.offender')}</TableCell>
              <TableCell>{translate('integrity.payments')}</TableCell>
              <TableCell align="right">{translate('integrity.total')}</TableCell>
              <TableCell>{translate('resources.integrityCase.fields.status')}</TableCell>
              <TableCell>{translate('integrity.who')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(c.restitutions ?? []).map((r) => (
              <Row key={r.id} r={r} admin={admin} />
            ))}
          </TableBody>
        </Table>
      )}
      {admin && c.users.length > 1 && <Propose c={c} />}
    </Box>
  );
}
