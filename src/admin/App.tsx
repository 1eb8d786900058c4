// The back office: react-admin under /admin. One folder per resource (users, withdrawals,
// deposits, tables, tournaments, identity checks, data, settings, audit, chat, reports, and the payments of issue 31:
// qpay, statements, statementLines, payoutBatches, reconciliation), each exporting its resource definition; a typed data
// provider (./dataProvider) and an auth provider (./auth) on the player app's token.
import { Suspense, useState } from 'react';
import { Route } from 'react-router-dom';
import {
  AdminContext,
  AdminUI,
  CustomRoutes,
  Loading,
  Resource,
  ResourceDefinitionContextProvider,
  localStorageStore,
  type I18nProvider,
  type ResourceProps,
} from 'react-admin';
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
import { adminQueryClient, resourceDefinitions } from './startup';

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

/** The resources in menu order; the first is the index: /admin lands on the user list (SPEC §2). */
const RESOURCES: ResourceProps[] = [
  users,
  withdrawals,
  deposits,
  qpayInvoices,
  qpayPayments,
  statements,
  statementLines,
  payoutBatches,
  reconciliation,
  differences,
  tables,
  tournaments,
  pools,
  identity,
  integrityAlerts,
  integrityCases,
  blocks,
  settings,
  chat,
  audit,
  reports,
  { name: 'session' },
  { name: 'ledger' },
  { name: 'note' },
  { name: 'userAudit' },
];

/**
 * No `requireAuth`: AdminGate (Root.tsx) has checked the session before this renders, and
 * react-admin's own check would hold the layout back until a query resolved, then render it all
 * in one task (react-query's updates are synchronous); without it the layout and the first list
 * mount in the gate's transition, in slices. Every page still checks the session (useAuthenticated).
 */
export function AdminApp({ dataProvider, authProvider, i18nProvider, store, socket }: AdminAppProps) {
  // <Admin> is AdminContext + AdminUI; between the two, the resources' definitions are given at
  // once rather than registered in an effect, and react-query starts with the gate's answers
  // (startup.ts): the first render of the layout and the list is not followed by re-renders.
  const [start] = useState(() => {
    const me = authProvider.knownUser();
    const appStore = store ?? localStorageStore('1', 'PokerAdmin');
    // react-admin renders nothing until the stored language is the provider's, then the whole app
    // in one task: the language detected at start (src/shared/i18n) is stored first, so the app
    // renders at once. Switching languages stores the choice as before.
    const locale = i18nProvider.getLocale();
    if (appStore.getItem('locale') !== locale) appStore.setItem('locale', locale);
    return { queryClient: adminQueryClient(me), definitions: resourceDefinitions(RESOURCES, me?.role), store: appStore };
  });
  return (
    <AdminSocketProvider client={socket}>
      <AdminContext
        basename="/admin"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        queryClient={start.queryClient}
        theme={lightTheme}
        darkTheme={darkTheme}
        defaultTheme={initialThemeMode()}
        store={start.store}
      >
        <ResourceDefinitionContextProvider definitions={start.definitions}>
          <AdminUI title="Admin Panel" layout={AdminLayout} disableTelemetry>
            {RESOURCES.map((r) =>
              r.name === tables.name ? (
                <Resource key={r.name} {...r}>
                  <Route path=":id/edit" element={<TableEdit />} />
                </Resource>
              ) : (
                <Resource key={r.name} {...r} />
              ),
            )}
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
          </AdminUI>
        </ResourceDefinitionContextProvider>
      </AdminContext>
    </AdminSocketProvider>
  );
}
