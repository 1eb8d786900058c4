// A player's safer play on their page (docs/safer-play.md): the age confirmation, the limits in
// force and waiting, the exclusion in force and past ones, the latest identity check; and a cool-off
// or self-exclusion recorded at the player's request (never shorter than one in force: the server
// refuses; audited).
import { useCallback, useEffect, useState } from 'react';
import {
  DialogContentText,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime, formatMoney } from '../../shared/format';
import type { AdminSaferPlay, ExclusionKind } from '../../shared/api/safer';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useLang } from '../common/fields';
import { NamedButton } from '../common/NamedButton';
import { ReasonField, useReason } from '../common/ReasonField';
import { useConfirmAction } from '../common/useConfirmAction';
import type { AdminDataProvider, UserRecord } from '../dataProvider';

function Limits({ data }: { data: AdminSaferPlay }) {
  const translate = useTranslate();
  const lang = useLang();
  const show = (kind: string, n: number | null) =>
    n === null ? translate('resources.user.safer.none') : kind === 'SESSION_MINUTES' ? `${n} min` : formatMoney(n, lang);
  return (
    <Table size="small" data-testid="user-safer-limits">
      <TableHead>
        <TableRow>
          <TableCell>{translate('resources.user.safer.limit')}</TableCell>
          <TableCell align="right">{translate('resources.user.safer.amount')}</TableCell>
          <TableCell>{translate('resources.user.safer.pending')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.limits.map((l) => (
          <TableRow key={l.kind}>
            <TableCell>{translate(`resources.user.safer.kinds.${l.kind}`)}</TableCell>
            <TableCell align="right">{show(l.kind, l.amount)}</TableCell>
            <TableCell>{l.pendingFrom ? `${show(l.kind, l.pendingAmount)} · ${formatDateTime(l.pendingFrom, lang)}` : '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function RecordExclusion({ userId, username, onDone }: { userId: number; username: string; onDone: () => void }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const action = useConfirmAction();
  const reason = useReason(500, translate('resources.user.safer.reasonHelp'));
  const [kind, setKind] = useState<ExclusionKind>('COOL_OFF');
  const [days, setDays] = useState('7');
  const [permanent, setPermanent] = useState(false);
  const confirm = () => {
    reason.touch();
    if (reason.invalid) return;
    const body = { kind, reason: reason.trimmed, ...(kind === 'SELF_EXCLUSION' && permanent ? { permanent: true } : { days: Number(days) }) };
    void action.run(
      async () => {
        await dataProvider.excludeUser(userId, body);
        notify('resources.user.safer.recorded', { type: 'info', messageArgs: { username } });
        onDone();
      },
      { keepOpen: true },
    );
  };
  return (
    <>
      <NamedButton label="resources.user.safer.record" color="warning" onClick={action.show} disabled={action.pending} data-testid="user-safer-record" />
      <ConfirmDialog
        action={action}
        titleId="user-safer-title"
        title={translate('resources.user.safer.record_title', { username })}
        confirmLabel="resources.user.safer.record"
        confirmColor="warning"
        invalid={reason.invalid}
        onConfirm={confirm}
      >
        <DialogContentText>{translate('resources.user.safer.record_content')}</DialogContentText>
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
          <TextField select size="small" label={translate('resources.user.safer.kind')} value={kind} onChange={(e) => setKind(e.target.value as ExclusionKind)}>
            <MenuItem value="COOL_OFF">{translate('resources.user.safer.COOL_OFF')}</MenuItem>
            <MenuItem value="SELF_EXCLUSION">{translate('resources.user.safer.SELF_EXCLUSION')}</MenuItem>
          </TextField>
          <TextField
            size="small"
            label={translate('resources.user.safer.days')}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            disabled={permanent}
            sx={{ width: 110 }}
          />
          {kind === 'SELF_EXCLUSION' && (
            <FormControlLabel
              control={<Switch checked={permanent} onChange={(e) => setPermanent(e.target.checked)} />}
              label={translate('resources.user.safer.permanent')}
            />
          )}
        </Stack>
        <ReasonField label={translate('resources.user.safer.reason')} {...reason.field} />
      </ConfirmDialog>
    </>
  );
}

export function UserSafer() {
  const record = useRecordContext<UserRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const lang = useLang();
  const userId = record?.userId ?? 0;
  const [data, setData] = useState<AdminSaferPlay | null>(null);
  const load = useCallback(() => {
    if (userId > 0)
      void dataProvider.userSafer(userId).then(
        (r) => setData(r.data),
        () => setData(null),
      );
  }, [dataProvider, userId]);
  useEffect(load, [load]);
  if (!record || !data) return null;
  const ex = data.exclusion;
  const date = (v: string | null) => (v ? formatDateTime(v, lang) : translate('resources.user.safer.permanent'));
  return (
    <Stack spacing={2} data-testid="user-safer">
      <Typography variant="body2">
        {translate('resources.user.safer.adult')}: {data.adultConfirmedAt ? formatDateTime(data.adultConfirmedAt, lang) : '—'}
        {' · '}
        {translate('resources.user.safer.identity')}: {data.identity ? translate(`admin.status.${data.identity.status}`) : '—'}
      </Typography>
      <Typography variant="body2" data-testid="user-safer-exclusion">
        {ex
          ? `${translate(`resources.user.safer.${ex.kind}`)}: ${formatDateTime(ex.startsAt, lang)} → ${date(ex.endsAt)}`
          : translate('resources.user.safer.noExclusion')}
      </Typography>
      <Limits data={data} />
      {data.exclusions.length > 1 && (
        <Typography variant="caption" color="text.secondary">
          {data.exclusions.map((e) => `${translate(`resources.user.safer.${e.kind}`)} ${formatDateTime(e.startsAt, lang)} → ${date(e.endsAt)}`).join('; ')}
        </Typography>
      )}
      <div>
        <RecordExclusion userId={record.userId} username={record.username} onDone={load} />
      </div>
    </Stack>
  );
}
