// One alert: its players, score and evidence; administrators open a case from it, dismiss it or
// reopen it. Links go to each player's page and to the linked group.
import { Box, Button, Stack, Typography } from '@mui/material';
import {
  Link,
  ListButton,
  Show,
  TopToolbar,
  useDataProvider,
  useNotify,
  usePermissions,
  useRecordContext,
  useRedirect,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { Alert } from '../../shared/api/integrity';
import { can } from '../auth/permissions';
import type { AdminDataProvider } from '../dataProvider';
import { EvidenceView, UsersLinks } from './Evidence';

function AlertActions() {
  const a = useRecordContext<Alert>();
  const translate = useTranslate();
  const dp = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const { permissions } = usePermissions<string | null>();
  if (!a || !can(permissions, 'integrityCase', 'create'))
    return (
      <TopToolbar>
        <ListButton />
      </TopToolbar>
    );
  const fail = (e: unknown) => notify(e instanceof Error ? e.message : String(e), { type: 'error' });
  const openCase = () =>
    dp
      .call('createIntegrityCase', {
        body: {
          title: `${translate(`integrity.kind.${a.kind}`)}: ${a.users.map((u) => u.username).join(', ')}`,
          userIds: a.users.map((u) => u.userId),
          alertIds: [a.id],
        },
      })
      .then((c) => redirect('show', 'integrityCase', c.id), fail);
  const status = (s: 'open' | 'dismissed') => dp.call('integrityAlertStatus', { params: { alertId: a.id }, body: { status: s } }).then(refresh, fail);
  return (
    <TopToolbar>
      <ListButton />
      {a.caseId === null && (
        <Button onClick={openCase} data-testid="open-case">
          {translate('integrity.action.openCase')}
        </Button>
      )}
      {a.status === 'dismissed' ? (
        <Button onClick={() => status('open')}>{translate('integrity.action.reopen')}</Button>
      ) : (
        <Button onClick={() => status('dismissed')}>{translate('integrity.action.dismiss')}</Button>
      )}
    </TopToolbar>
  );
}

function AlertBody() {
  const a = useRecordContext<Alert>();
  const translate = useTranslate();
  if (!a) return null;
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {translate(`integrity.kind.${a.kind}`)} · {translate('integrity.score')} {a.score}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(`integrity.explain.${a.kind}`)}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
        <UsersLinks users={a.users} />
        {a.kind === 'linked_accounts' && <Link to={`/integrity/group/${a.users[0].userId}`}>{translate('integrity.group')}</Link>}
        {a.caseId !== null && <Link to={`/integrityCase/${a.caseId}/show`}>{translate('integrity.case', { id: a.caseId })}</Link>}
      </Stack>
      <EvidenceView alert={a} />
    </Box>
  );
}

export function AlertShow() {
  return (
    <Show actions={<AlertActions />}>
      <AlertBody />
    </Show>
  );
}
