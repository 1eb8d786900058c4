import { Alert, Box, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { keys, type Deposit, type WalletLimits } from '../api';
import { useAuth } from '../auth/AuthContext';
import { ContentBlock } from '../components/ContentBlock';
import { useNotify } from '../components/Notify';
import { useFormat } from '../hooks/useLang';
import { PagedTable, type PagedColumn } from './PagedTable';
import { QPayDeposit } from './qpay/QPayDeposit';

const PER_PAGE = 10;

export default function DepositTab() {
  const { t } = useTranslation();
  const { userInfo } = useAuth();
  const { money, dateTime } = useFormat();
  const notify = useNotify();
  const code = userInfo?.depositCode ?? '';
  // QPay deposits when the room has QPay (docs/payments.md); the bank transfer always.
  const { data: limits } = useSWR<WalletLimits>(keys.walletLimits);
  const qpay = limits?.qpay && limits.depositMin !== undefined && limits.depositMax !== undefined ? limits : null;

  const columns: PagedColumn<Deposit>[] = [
    { header: t('wallet.code'), render: (d) => d.code, sx: { overflowWrap: 'anywhere' } },
    {
      header: t('wallet.amount'),
      align: 'right',
      render: (d) => money(d.amount),
      sx: { fontWeight: 600, color: 'success.main', whiteSpace: 'nowrap' },
    },
    { header: t('deposit.approvedDate'), render: (d) => dateTime(d.approvedDate) },
  ];

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      notify(t('deposit.copied'), 'success');
    } catch {
      /* clipboard blocked: the code stays selectable */
    }
  };

  return (
    <Stack spacing={3}>
      {qpay && (
        <Paper sx={{ p: { xs: 2, sm: 3 }, border: 1, borderColor: 'divider' }} data-testid="qpay-deposit">
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('qpay.title')}
          </Typography>
          <QPayDeposit min={qpay.depositMin!} max={qpay.depositMax!} />
        </Paper>
      )}
      <Paper sx={{ p: { xs: 2, sm: 3 }, border: 1, borderColor: 'divider' }}>
        {qpay && (
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('qpay.bankTitle')}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {t('deposit.codeLabel')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
          <Typography
            data-testid="deposit-code"
            sx={{ fontFamily: 'monospace', fontSize: { xs: '1.6rem', sm: '2rem' }, fontWeight: 800, letterSpacing: 2, userSelect: 'all' }}
          >
            {code}
          </Typography>
          <Tooltip title={t('deposit.copy')}>
            <IconButton onClick={copy} aria-label={t('deposit.copy')}>
              <ContentCopyIcon />
            </IconButton>
          </Tooltip>
        </Box>
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('deposit.howTo')}
        </Alert>
        {/* A heading of the page's outline (h1 wallet > h2): subtitle1 alone would be an h6. */}
        <Typography variant="subtitle1" component="h2" sx={{ mt: 2, fontWeight: 700 }}>
          {t('deposit.bankDetails')}
        </Typography>
        <Box data-testid="bank-details">
          <ContentBlock name="bank-details" emptyText={t('deposit.noBankDetails')} loadingHeight={250} />
        </Box>
      </Paper>
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('deposit.listTitle')}
        </Typography>
        <PagedTable<Deposit> swrKey={keys.deposits} perPage={PER_PAGE} columns={columns} testId="deposit-list" emptyText={t('deposit.empty')} />
      </Box>
    </Stack>
  );
}
