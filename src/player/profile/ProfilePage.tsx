import { lazy, Suspense } from 'react';
import { Navigate, useSearchParams, useLocation } from 'react-router-dom';
import { Box, Card, CardContent, CircularProgress, Grid, Paper, Tab, Tabs, Typography } from '@mui/material';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import LockIcon from '@mui/icons-material/Lock';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/AuthContext';
import { LoadingScreen } from '../components/LoadingScreen';
import { useFormat } from '../hooks/useLang';
import DepositTab from './DepositTab';

// The deposit tab opens first; the others come when opened. The account tab checks its form
// against the shared contract (zod), whose schemas cost a phone ~70 ms to build.
const WithdrawTab = lazy(() => import('./WithdrawTab'));
const HistoryTab = lazy(() => import('./HistoryTab'));
const HandsTab = lazy(() => import('./HandsTab'));
const AccountTab = lazy(() => import('./AccountTab'));
const BalanceChart = lazy(() => import('./BalanceChart'));
const StatsTab = lazy(() => import('./StatsTab'));
const PushSettings = lazy(() => import('../pwa/PushSettings'));
const SaferTab = lazy(() => import('./safer/SaferTab'));

export const PROFILE_TABS = ['deposit', 'withdraw', 'history', 'hands', 'chart', 'stats', 'account', 'safer'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

function Amount({ label, value, icon, testId, color }: { label: string; value: string; icon: React.ReactNode; testId: string; color: string }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2.5 }, '&:last-child': { pb: { xs: 1.5, sm: 2.5 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
          {icon}
          <Typography variant="body2">{label}</Typography>
        </Box>
        <Typography
          data-testid={testId}
          sx={{ mt: 0.5, fontWeight: 800, fontSize: { xs: '1.15rem', sm: '1.8rem' }, color, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
        >
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Wallet and profile: balance and locked side by side, then the wallet tabs (SPEC §2). */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { isAuthenticated, checkedAuth, userBalance, userLocked, userInfo } = useAuth();
  const { money } = useFormat();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const tabParam = params.get('tab');
  const tab: ProfileTab = (PROFILE_TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as ProfileTab) : 'deposit';

  if (!checkedAuth || (isAuthenticated && !userInfo)) return <LoadingScreen />;
  if (!isAuthenticated) return <Navigate to={`/auth/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;

  return (
    <Box data-testid="profile">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
        {t('wallet.title')}
      </Typography>
      <Grid container spacing={{ xs: 1, sm: 2 }}>
        <Grid size={6}>
          <Amount
            label={t('wallet.balance')}
            value={money(userBalance)}
            icon={<AccountBalanceWalletIcon fontSize="small" />}
            testId="wallet-balance"
            color="primary.main"
          />
        </Grid>
        <Grid size={6}>
          <Amount label={t('wallet.locked')} value={money(userLocked)} icon={<LockIcon fontSize="small" />} testId="wallet-locked" color="text.primary" />
        </Grid>
      </Grid>
      <Paper sx={{ mt: 2, border: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_, v: ProfileTab) => setParams({ tab: v }, { replace: true })}
          variant="scrollable"
          // Always there (greyed out when the tabs fit): buttons that appear once the tabs are
          // measured would shift the whole row sideways (layout shift on a phone).
          scrollButtons
          allowScrollButtonsMobile
          aria-label={t('wallet.title')}
        >
          <Tab value="deposit" label={t('wallet.tabs.deposit')} data-testid="tab-deposit" />
          <Tab value="withdraw" label={t('wallet.tabs.withdraw')} data-testid="tab-withdraw" />
          <Tab value="history" label={t('wallet.tabs.history')} data-testid="tab-history" />
          <Tab value="hands" label={t('wallet.tabs.hands')} data-testid="tab-hands" />
          <Tab value="chart" label={t('wallet.tabs.chart')} data-testid="tab-chart" />
          <Tab value="stats" label={t('wallet.tabs.stats')} data-testid="tab-stats" />
          <Tab value="account" label={t('wallet.tabs.account')} data-testid="tab-account" />
          <Tab value="safer" label={t('wallet.tabs.safer')} data-testid="tab-safer" />
        </Tabs>
      </Paper>
      <Box sx={{ mt: 2 }}>
        <Suspense fallback={<CircularProgress size={24} />}>
          {tab === 'deposit' && <DepositTab />}
          {tab === 'withdraw' && <WithdrawTab />}
          {tab === 'history' && <HistoryTab />}
          {tab === 'hands' && <HandsTab />}
          {tab === 'chart' && (
            <Paper sx={{ p: { xs: 1, sm: 2 }, border: 1, borderColor: 'divider' }}>
              <BalanceChart />
            </Paper>
          )}
          {tab === 'safer' && <SaferTab />}
          {tab === 'stats' && <StatsTab />}
          {tab === 'account' && (
            <>
              <AccountTab />
              <PushSettings />
            </>
          )}
        </Suspense>
      </Box>
    </Box>
  );
}
