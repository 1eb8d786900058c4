// The back office: react-admin under /admin. One folder per resource (users, withdrawals,
// deposits, tables, tournaments, identity checks, data, settings, audit, chat, reports, and the payments of issue 31:
// qpay, statements, statementLines, payoutBatches, reconciliation), each exporting its resource definition; a typed data
// provider (./dataProvider) and an auth provider (./auth) on the player app's token.
import { Suspense } from 'react';
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, Loading, Resource, localStorageStore, type I18nProvider } from 'react-admin';
import type { AdminAuthProvider } from './auth/authProvider';
import { audit } from './audit';
import { chat } from './chat';
import { blocks } from './data';
import type { AdminDataProvider } from './dataProvider';
import type { SocketClient } from '../shared/socket/client';
import { AdminSocketProvider } from './live/AdminSocket';
import { Dashboard } from './dashboard';
import { deposits } from './deposits';
import { payoutBatches } from './payoutBatches';
import { qpayInvoices, qpayPayments } from './qpay';
import { differences, reconciliation } from './reconciliation';
import { statementLines } from './statementLines';
import { statements } from './statements';
import { identity } from './identity';
import { GroupPage, PlayerPage, integrityAlerts, integrityCases } from './integrity';
import { AdminLayout } from './layout/Layout';
import { darkTheme, initialThemeMode, lightTheme } from './layout/themes';
import { reports } from './reports';
import { settings } from './settings';
import { TableEdit, tables } from './tables';
import { pools } from './pools';
import { tournaments } from './tournaments';
import { users } from './users';
import { withdrawals } from './withdrawals';
import { lazyPage } from './common/lazyPage';

const SecurityPage = lazyPage(() => import('./security/SecurityPage'), 'SecurityPage');

export interface AdminAppProps {
  dataProvider: AdminDataProvider;
  authProvider: AdminAuthProvider;
  i18nProvider: I18nProvider;
  /** Store override (tests use memoryStore()). */
  store?: ReturnType<typeof localStorageStore>;
  /** The socket (tests inject one over a fake WebSocket); by default one per tab, opened on demand. */
  socket?: SocketClient;
}

/**
 * No `requireAuth`: AdminGate (Root.tsx) has checked the session before this renders, and
 * react-admin's own check would hold the layout back until a query resolved, then render it all
 * in one task (react-query's updates are synchronous); without it the layout and the first list
 * mount in the gate's transition, in slices. Every page still checks the session (useAuthenticated).
 */
export function AdminApp({ dataProvider, authProvider, i18nProvider, store, socket }: AdminAppProps) {
  return (
    <AdminSocketProvider client={socket}>
      <Admin
        basename="/admin"
        title="Admin Panel"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        layout={AdminLayout}
        theme={lightTheme}
        darkTheme={darkTheme}
        defaultTheme={initialThemeMode()}
        store={store ?? localStorageStore('1', 'PokerAdmin')}
        disableTelemetry
      >
        {/* The first resource is the index: /admin lands on the user list (SPEC §2). */}
        <Resource {...users} />
        <Resource {...withdrawals} />
        <Resource {...deposits} />
        <Resource {...qpayInvoices} />
        <Resource {...qpayPayments} />
        <Resource {...statements} />
        <Resource {...statementLines} />
        <Resource {...payoutBatches} />
        <Resource {...reconciliation} />
        <Resource {...differences} />
        <Resource {...tables}>
          <Route path=":id/edit" element={<TableEdit />} />
        </Resource>
        <Resource {...tournaments} />
        <Resource {...pools} />
        <Resource {...identity} />
        <Resource {...integrityAlerts} />
        <Resource {...integrityCases} />
        <Resource {...blocks} />
        <Resource {...settings} />
        <Resource {...chat} />
        <Resource {...audit} />
        <Resource {...reports} />
        <Resource name="session" />
        <Resource name="ledger" />
        <Resource name="note" />
        <Resource name="userAudit" />
        <CustomRoutes>
          <Route path="/security" element={<SecurityPage />} />
          <Route path="/integrity/player/:userId" element={<PlayerPage />} />
          <Route path="/integrity/group/:userId" element={<GroupPage />} />
          <Route
            path="/dashboard"
            element={
              <Suspense fallback={<Loading />}>
                <Dashboard />
              </Suspense>
            }
          />
        </CustomRoutes>
      </Admin>
    </AdminSocketProvider>
  );
}
