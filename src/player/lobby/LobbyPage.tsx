import { lazy, Suspense, useState } from 'react';
import { Box, Paper, Tab, Tabs, useMediaQuery, useTheme } from '@mui/material';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { keys } from '../api';
import { withPlayerStrings } from '../components/playerStrings';
import { LoadingScreen } from '../components/LoadingScreen';
import { useLoadingGate } from '../hooks/useLoadingGate';
import { JackpotBanner } from './JackpotBanner';
import { TableList } from './TableList';
import { ChatPanel } from './ChatPanel';

// The tournament tab is not the one shown first: its code comes when it is opened.
const TournamentTab = lazy(() => withPlayerStrings(import('./TournamentTab')).then((m) => ({ default: m.TournamentTab })));
const PoolTab = lazy(() => withPlayerStrings(import('./PoolTab')).then((m) => ({ default: m.PoolTab })));

export default function LobbyPage() {
  const { t } = useTranslation();
  const loading = useLoadingGate();
  const [tab, setTab] = useState<'tables' | 'tournament' | 'pools'>('tables');
  // On a phone the chat sits under the list: it comes once the list has loaded (or failed), so
  // the arriving list does not push a chat already on screen down (a layout shift).
  const phone = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const { data: tables, error: tablesError } = useSWR(keys.tables);
  const chatNow = !phone || tab !== 'tables' || tables !== undefined || tablesError !== undefined;
  if (loading) return <LoadingScreen />;
  return (
    <Box data-testid="lobby">
      <JackpotBanner />
      {/* Two columns from md up (8 and 4 of 12, as MUI's Grid with spacing 2 would make them):
          a CSS grid, so the lobby does not download the Grid component for this one layout. */}
      <Box sx={{ display: 'grid', gap: 2, mt: 0.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'calc(100% * 8 / 12 - 16px * 4 / 12) minmax(0, 1fr)' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Paper sx={{ border: 1, borderColor: 'divider', overflow: 'hidden' }}>
            <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="fullWidth" aria-label={t('lobby.tabs')}>
              <Tab value="tables" label={t('lobby.tables')} data-testid="tab-tables" />
              <Tab value="tournament" label={t('lobby.tournament')} data-testid="tab-tournament" />
              <Tab value="pools" label={t('lobby.fastFold')} data-testid="tab-pools" />
            </Tabs>
          </Paper>
          <Box sx={{ mt: 2 }}>
            {tab === 'tables' ? <TableList /> : <Suspense fallback={null}>{tab === 'tournament' ? <TournamentTab /> : <PoolTab />}</Suspense>}
          </Box>
        </Box>
        <Box sx={{ minWidth: 0 }}>{chatNow && <ChatPanel height={{ xs: 360, md: 520 }} />}</Box>
      </Box>
    </Box>
  );
}
