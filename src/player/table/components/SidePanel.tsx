import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { TableConnection } from '../io/connection';
import type { TableApi } from '../io/tableApi';
import type { TableStore } from '../state/tableStore';
import { useTableSlice } from '../hooks/useTableStore';
import { HandLog } from './HandLog';
import { TableChat } from './TableChat';

/** Hand log and chat beside the table (in a drawer on phones). Reads the log itself, so table events skip the tabs. */
export const SidePanel = memo(function SidePanel({
  store,
  conn,
  tableId,
  canSend,
  api = null,
  initialTab = 'log',
}: {
  store: TableStore;
  conn: TableConnection;
  tableId: number;
  canSend: boolean;
  api?: TableApi | null;
  /** On a phone the panel is the toolbar's Chat drawer: it opens on the chat. */
  initialTab?: 'log' | 'chat';
}) {
  const { t } = useTranslation('table');
  const [tab, setTab] = useState<'log' | 'chat'>(initialTab);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, color: '#fff' }}>
      <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="fullWidth" textColor="inherit" sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}>
        <Tab value="log" label={t('log.title')} />
        <Tab value="chat" label={t('chat.title')} />
      </Tabs>
      <Box sx={{ flex: 1, minHeight: 0 }}>
        {tab === 'log' && <StoreLog store={store} />}
        {/* The chat stays mounted behind the log, so messages arriving meanwhile are kept. */}
        <Box sx={{ height: '100%', display: tab === 'chat' ? 'block' : 'none' }}>
          <TableChat conn={conn} tableId={tableId} canSend={canSend} api={api} />
        </Box>
      </Box>
    </Box>
  );
});

function StoreLog({ store }: { store: TableStore }) {
  const lines = useTableSlice(store, (s) => s.log);
  return <HandLog lines={lines} />;
}
