import { useState } from 'react';
import { Box, Grid, Paper, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../components/LoadingScreen';
import { useLoadingGate } from '../hooks/useLoadingGate';
import { JackpotBanner } from '../lobby/JackpotBanner';
import { TableList } from '../lobby/TableList';
import { TournamentTab } from '../lobby/TournamentTab';
import { ChatPanel } from '../lobby/ChatPanel';

export default function LobbyPage() {
  const { t } = useTranslation();
  const loading = useLoadingGate();
  const [tab, setTab] = useState<'tables' | 'tournament'>('tables');
  if (loading) return <LoadingScreen />;
  return (
    <Box data-testid="lobby">
      <JackpotBanner />
      <Grid container spacing={2} sx={{ mt: 0.5 }}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Paper sx={{ border: 1, borderColor: 'divider', overflow: 'hidden' }}>
            <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="fullWidth" aria-label={t('lobby.tabs')}>
              <Tab value="tables" label={t('lobby.tables')} data-testid="tab-tables" />
              <Tab value="tournament" label={t('lobby.tournament')} data-testid="tab-tournament" />
            </Tabs>
          </Paper>
          <Box sx={{ mt: 2 }}>{tab === 'tables' ? <TableList /> : <TournamentTab />}</Box>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <ChatPanel height={{ xs: 360, md: 520 }} />
        </Grid>
      </Grid>
    </Box>
  );
}
