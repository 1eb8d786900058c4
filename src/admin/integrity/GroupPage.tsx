// A linked group (/admin/integrity/group/:userId): every account linked to this one through
// linked-account alerts (followed from account to account), and their alerts with evidence.
import { Alert as MuiAlert, Box, Card, CardContent, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import { Link, Loading, Title, useDataProvider, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider';
import { EvidenceView, UsersLinks } from './Evidence';
import useCall from './useCall';

export function GroupPage() {
  const { userId } = useParams();
  const dp = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const { data, error } = useCall(() => dp.call('integrityGroup', { params: { userId: Number(userId) } }), [userId]);
  if (error) return <MuiAlert severity="error">{String((error as Error).message ?? error)}</MuiAlert>;
  if (!data) return <Loading />;
  return (
    <Box sx={{ mt: 2 }} data-testid="integrity-group">
      <Title title={translate('integrity.groupTitle')} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate('integrity.groupTitle')}
      </Typography>
      <UsersLinks users={data.members} />
      {data.alerts.map((a) => (
        <Card key={a.id} sx={{ my: 2 }}>
          <CardContent>
            <Link to={`/integrityAlert/${a.id}/show`}>
              {translate(`integrity.kind.${a.kind}`)} · {translate('integrity.score')} {a.score}
            </Link>
            <UsersLinks users={a.users} />
            <EvidenceView alert={a} />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
