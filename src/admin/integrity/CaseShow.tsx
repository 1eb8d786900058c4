// One case: its players with their standing, notes, alerts with evidence, restitutions. Support
// staff read and add notes; administrators change status and assignee, set standing (warn,
// restrict, freeze, close, lift) and propose, pay or refuse restitution (a second one pays).
import { useState } from 'react';
import { Box, Button, Divider, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { ListButton, Show, TopToolbar, useGetIdentity, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { CASE_STATUSES, type IntegrityCase } from '../../shared/api/integrity';
import { can } from '../auth/permissions';
import { formatDateTime } from '../../shared/format';
import { useLang } from '../common/fields';
import { EvidenceView, UsersLinks } from './Evidence';
import { Restitutions } from './Restitutions';
import { StandingForm } from './StandingForm';
import { useActions } from './useActions';

function CaseHeader({ c, admin }: { c: IntegrityCase; admin: boolean }) {
  const translate = useTranslate();
  const act = useActions();
  const { data: me } = useGetIdentity();
  const set = (body: { status?: IntegrityCase['status']; assigneeId?: number | null }) =>
    act((dp) => dp.call('updateIntegrityCase', { params: { caseId: c.id }, body }));
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
      <Typography variant="h6" component="h2">
        {c.title}
      </Typography>
      <TextField
        select
        size="small"
        fullWidth={false}
        sx={{ minWidth: 180 }}
        label={translate('resources.integrityCase.fields.status')}
        value={c.status}
        disabled={!admin}
        onChange={(e) => set({ status: e.target.value as IntegrityCase['status'] })}
        data-testid="case-status"
      >
        {CASE_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {translate(`integrity.caseStatus.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <span>
        {translate('resources.integrityCase.fields.assignee')}: {c.assignee ?? '—'}
      </span>
      {admin && me && c.assigneeId !== Number(me.id) && (
        <Button onClick={() => set({ assigneeId: Number(me.id) })}>{translate('integrity.action.assignMe')}</Button>
      )}
    </Stack>
  );
}

function Notes({ c }: { c: IntegrityCase }) {
  const translate = useTranslate();
  const act = useActions();
  const [text, setText] = useState('');
  const lang = useLang();
  return (
    <Box>
      <Typography variant="subtitle1" component="h3">
        {translate('integrity.notes')}
      </Typography>
      {(c.notes ?? []).map((n) => (
        <Box key={n.id} sx={{ my: 1 }}>
          <Typography variant="body2">{n.text}</Typography>
          <Typography variant="caption" color="text.secondary">
            {n.author} · {formatDateTime(n.createdAt, lang)}
          </Typography>
        </Box>
      ))}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <TextField size="small" fullWidth multiline label={translate('integrity.newNote')} value={text} onChange={(e) => setText(e.target.value)} />
        <Button
          disabled={!text.trim()}
          onClick={() => act((dp) => dp.call('addIntegrityCaseNote', { params: { caseId: c.id }, body: { text } })).then(() => setText(''))}
        >
          {translate('integrity.action.addNote')}
        </Button>
      </Stack>
    </Box>
  );
}

function CaseBody() {
  const c = useRecordContext<IntegrityCase>();
  const translate = useTranslate();
  const { permissions } = usePermissions<string | null>();
  if (!c) return null;
  const admin = can(permissions, 'integrityCase', 'edit');
  return (
    <Box sx={{ p: 2 }}>
      <CaseHeader c={c} admin={admin} />
      <UsersLinks users={c.users} />
      {admin && <StandingForm c={c} />}
      <Divider sx={{ my: 2 }} />
      <Notes c={c} />
      <Divider sx={{ my: 2 }} />
      <Typography variant="subtitle1" component="h3">
        {translate('integrity.alerts')}
      </Typography>
      {(c.alerts ?? []).map((a) => (
        <Box key={a.id} sx={{ my: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {translate(`integrity.kind.${a.kind}`)} · {translate('integrity.score')} {a.score}
          </Typography>
          <EvidenceView alert={a} />
        </Box>
      ))}
      <Divider sx={{ my: 2 }} />
      <Restitutions c={c} admin={admin} />
    </Box>
  );
}

export function CaseShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <ListButton />
        </TopToolbar>
      }
    >
      <CaseBody />
    </Show>
  );
}
