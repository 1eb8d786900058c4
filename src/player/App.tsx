import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useMatch } from 'react-router-dom';
import { Box, Container } from '@mui/material';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { AuthProvider, useAuth } from './auth/AuthContext';
import { SocketProvider } from './socket/SocketContext';
import { ThemeModeProvider } from './theme/ThemeModeContext';
import { NotifyProvider } from './components/Notify';
import { TopBar } from './shell/TopBar';
import { LoadingScreen } from './components/LoadingScreen';
import { MaintenanceBanner } from './shell/MaintenanceBanner';
import { createSwrConfig } from './swr';
import { SessionNotes } from './notes/NotesContext';
import LobbyPage from './lobby/LobbyPage';
import { withPlayerStrings } from './components/playerStrings';
import type { SocketClient } from '../shared/socket';

// Everything but the lobby is its own chunk: the first visit to / downloads only the lobby. Each
// comes with the rest of the player's English strings (src/player/i18n.ts).
const AuthPage = lazy(() => withPlayerStrings(import('./auth/AuthPage')));
const ProfilePage = lazy(() => withPlayerStrings(import('./profile/ProfilePage')));
const ResetPasswordPage = lazy(() => withPlayerStrings(import('./auth/ResetPasswordPage')));
const ConfirmEmailPage = lazy(() => withPlayerStrings(import('./auth/ConfirmEmailPage')));
const InfoPage = lazy(() => withPlayerStrings(import('./info/InfoPage')));
const TablePage = lazy(() => withPlayerStrings(import('./table/TableRoute')));
const TournamentPage = lazy(() => withPlayerStrings(import('./tournament/TournamentPage')));
const PoolPage = lazy(() => withPlayerStrings(import('./pool/PoolRoute')));
const MultiTablePage = lazy(() => withPlayerStrings(import('./multitable/MultiTableRoute')));
const NotFoundPage = lazy(() => withPlayerStrings(import('./shell/NotFoundPage')));
// Safer play's session reminder (docs/safer-play.md), for signed-in players only.
const SessionReminder = lazy(() => withPlayerStrings(import('./profile/safer/SessionReminder')));

export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        <Route path="/" element={<LobbyPage />} />
        <Route path="/auth/login" element={<AuthPage />} />
        <Route path="/auth/register" element={<AuthPage />} />
        <Route path="/auth/forgot-password" element={<AuthPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/confirm-email" element={<ConfirmEmailPage />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/info" element={<InfoPage />} />
        <Route path="/table/:id" element={<TablePage />} />
        <Route path="/tables" element={<MultiTablePage />} />
        <Route path="/tournament/:id" element={<TournamentPage />} />
        <Route path="/pool/:id" element={<PoolPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

export function Shell({ children }: { children?: ReactNode }) {
  // A table covers the whole screen (its own bar, its own state): the room's bar and banner under
  // it would be drawn, and fetched for, in vain.
  const oneTable = useMatch('/table/:id') !== null;
  const tables = useMatch('/tables') !== null;
  const atTable = oneTable || tables;
  const { isAuthenticated } = useAuth();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', overflowX: 'hidden' }}>
      {!atTable && <TopBar />}
      {!atTable && <MaintenanceBanner />}
      {isAuthenticated && (
        <Suspense fallback={null}>
          <SessionReminder />
        </Suspense>
      )}
      <Container maxWidth="lg" component="main" sx={{ flex: 1, py: { xs: 1.5, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
        {children ?? <AppRoutes />}
      </Container>
    </Box>
  );
}

/** The providers, in dependency order. Tests pass their own i18n, socket, SWR config and reload. */
export function Providers({
  i18n,
  children,
  socket,
  swr,
  reload,
}: {
  i18n: I18n;
  children: ReactNode;
  socket?: SocketClient;
  swr?: SWRConfiguration;
  reload?: () => void;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeModeProvider>
        <SWRConfig value={swr ?? createSwrConfig()}>
          <AuthProvider reload={reload}>
            <SocketProvider client={socket}>
              <NotifyProvider>
                <SessionNotes>{children}</SessionNotes>
              </NotifyProvider>
            </SocketProvider>
          </AuthProvider>
        </SWRConfig>
      </ThemeModeProvider>
    </I18nextProvider>
  );
}

export default function App({ i18n }: { i18n: I18n }) {
  return (
    <Providers i18n={i18n}>
      <BrowserRouter>
        <Shell />
      </BrowserRouter>
    </Providers>
  );
}
