import { useState } from 'react';
import {
  Alert,
  Box,
  CircularProgress,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { keys, type Deposit, type List } from '../api';
import { useAuth } from '../auth/AuthContext';
import { ContentBlock } from '../components/ContentBlock';
import { useNotify } from '../components/Notify';
import { useFormat } from '../hooks/useLang';

const PER_PAGE = 10;

export default function DepositTab() {
  const { t } = useTranslation();
  const { userInfo } = useAuth();
  const { money, dateTime } = useFormat();
  const notify = useNotify();
  const [page, setPage] = useState(0);
  const { data, error, isLoading } = useSWR<List<Deposit>>(keys.deposits(page + 1, PER_PAGE));
  const code = userInfo?.depositCode ?? '';

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
      <Paper sx={{ p: { xs: 2, sm: 3 }, border: 1, borderColor: 'divider' }}>
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
        <Typography variant="subtitle1" sx={{ mt: 2, fontWeight: 700 }}>
          {t('deposit.bankDetails')}
        </Typography>
        <Box data-testid="bank-details">
          <ContentBlock name="bank-details" emptyText={t('deposit.noBankDetails')} />
        </Box>
      </Paper>
      <Box>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {t('deposit.listTitle')}
        </Typography>
        {error && <Alert severity="error">{t('errors.loadFailed')}</Alert>}
        {isLoading && <CircularProgress size={24} />}
        {data && data.items.length === 0 && <Alert severity="info">{t('deposit.empty')}</Alert>}
        {data && data.items.length > 0 && (
          <Paper sx={{ border: 1, borderColor: 'divider', overflow: 'hidden' }}>
            <Table size="small" data-testid="deposit-list" sx={{ tableLayout: 'fixed' }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('wallet.code')}</TableCell>
                  <TableCell align="right">{t('wallet.amount')}</TableCell>
                  <TableCell>{t('deposit.approvedDate')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.items.map((d) => (
                  <TableRow key={d.id}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{d.code}</TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600, color: 'success.main', whiteSpace: 'nowrap' }}>
                      {money(d.amount)}
                    </TableCell>
                    <TableCell>{dateTime(d.approvedDate)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {data.total > PER_PAGE && (
              <TablePagination
                component="div"
                count={data.total}
                page={page}
                rowsPerPage={PER_PAGE}
                rowsPerPageOptions={[PER_PAGE]}
                onPageChange={(_, p) => setPage(p)}
                labelDisplayedRows={({ from, to, count }) => t('paging.rows', { from, to, count })}
              />
            )}
          </Paper>
        )}
      </Box>
    </Stack>
  );
}
