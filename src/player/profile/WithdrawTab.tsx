import { useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, InputAdornment, Paper, Stack, TextField, Typography } from '@mui/material';
import useSWR, { useSWRConfig } from 'swr';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api, keys, listPrefixes, type WalletLimits, type Withdrawal } from '../api';
import { useAuth } from '../auth/AuthContext';
import { useNotify } from '../components/Notify';
import { useFormat } from '../hooks/useLang';
import { isApiError } from '../../shared/http';
import { parseMoney } from '../../shared/format';
import { checkWithdrawal, limitsFrom, type WithdrawalLimits, type WithdrawalRuleError } from './withdrawRules';
import { activeHold, usePayoutHold } from './payoutHold';
import { PagedTable, type PagedColumn } from './PagedTable';

const RULE_KEYS: Record<WithdrawalRuleError, string> = {
  required: 'withdraw.required',
  invalid: 'withdraw.invalid',
  tooMuch: 'withdraw.tooMuch',
  tooLow: 'withdraw.tooLow',
  overBalance: 'withdraw.overBalance',
};

function idempotencyKey(): string {
  return `wd-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The withdrawal bounds of the room (`GET /user/wallet/limits`, public); the defaults until then. */
export function useWithdrawalLimits(): WithdrawalLimits {
  const { data } = useSWR<WalletLimits>(keys.walletLimits);
  return limitsFrom(data);
}

export function WithdrawForm({ limits: given, onCreated }: { limits?: WithdrawalLimits; onCreated?: () => void }) {
  const fetched = useWithdrawalLimits();
  const limits = given ?? fetched;
  const { t, i18n } = useTranslation();
  const { userBalance, userInfo, refreshUser } = useAuth();
  const { money, dateTime } = useFormat();
  const hold = usePayoutHold();
  const notify = useNotify();
  const [raw, setRaw] = useState('');
  const [rule, setRule] = useState<WithdrawalRuleError | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [needsIdentity, setNeedsIdentity] = useState(false);
  const [busy, setBusy] = useState(false);
  // One key per intended withdrawal: a retried submit of the same amount cannot pay twice.
  const keyRef = useRef<{ amount: number; key: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setServerError(null);
    setNeedsIdentity(false);
    const problem = checkWithdrawal(raw, limits, userBalance);
    setRule(problem);
    if (problem) return;
    const amount = parseMoney(raw);
    if (!keyRef.current || keyRef.current.amount !== amount) keyRef.current = { amount, key: idempotencyKey() };
    setBusy(true);
    try {
      await api.createWithdrawal({ amount, idempotencyKey: keyRef.current.key });
      keyRef.current = null;
      notify(t('withdraw.success'), 'success');
      setRaw('');
      void refreshUser();
      onCreated?.();
    } catch (err) {
      let msg = t('withdraw.unknownError');
      if (isApiError(err) && err.status !== 0) {
        const k = `errors.${err.code}`;
        msg = i18n.exists(k) && err.code !== 'INVALID_INPUT' ? t(k) : err.message || msg;
        setNeedsIdentity(err.code === 'IDENTITY_REQUIRED');
      }
      setServerError(msg);
      notify(msg, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="withdraw-form">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('withdraw.intro', { min: money(limits.min), max: money(limits.max) })}
        {userInfo && <> {t('withdraw.toAccount', { account: userInfo.accountNumber })}</>}
      </Typography>
      {hold && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="withdraw-hold">
          {t('withdraw.holdNotice', { date: dateTime(hold) })}
        </Alert>
      )}
      {serverError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          data-testid="withdraw-error"
          action={
            needsIdentity ? (
              <Button component={RouterLink} to="/profile?tab=safer" color="inherit" size="small" data-testid="withdraw-identity-link">
                {t('withdraw.identityLink')}
              </Button>
            ) : undefined
          }
        >
          {serverError}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('withdraw.amount')}
          name="amount"
          value={raw}
          onChange={(e) => {
            setRaw(e.target.value);
            if (rule) setRule(null);
          }}
          error={!!rule}
          helperText={rule ? t(RULE_KEYS[rule]) : t('withdraw.available', { amount: money(userBalance) })}
          inputMode="numeric"
          fullWidth
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">₮</InputAdornment> },
            htmlInput: { 'data-testid': 'withdraw-amount', inputMode: 'numeric' },
          }}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ minWidth: 160, height: 56 }} data-testid="withdraw-submit">
          {busy ? <CircularProgress size={24} color="inherit" /> : t('withdraw.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

export function WithdrawalStatusChip({ status }: { status: Withdrawal['status'] }) {
  const { t } = useTranslation();
  const color = status === 'APPROVED' ? 'success' : status === 'REJECTED' ? 'error' : 'warning';
  return (
    <Chip
      size="small"
      color={color}
      label={t(`withdraw.status.${status}`)}
      data-testid="withdraw-status"
      sx={{ height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25, overflowWrap: 'anywhere' } }}
    />
  );
}

/** The status cell: the chip, who decided and when, why a refusal, until when a hold. */
function WithdrawalStatus({ w }: { w: Withdrawal }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  return (
    <>
      <WithdrawalStatusChip status={w.status} />
      {w.approveDate && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {w.approvedBy ? `${w.approvedBy}, ` : ''}
          {dateTime(w.approveDate)}
        </Typography>
      )}
      {w.rejectReason && (
        <Typography variant="caption" color="error" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {w.rejectReason}
        </Typography>
      )}
      {w.status === 'NOT_APPROVED' && activeHold(w.holdUntil) && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} data-testid="withdraw-held">
          {t('withdraw.heldUntil', { date: dateTime(w.holdUntil!) })}
        </Typography>
      )}
    </>
  );
}

const PER_PAGE = 10;

export default function WithdrawTab() {
  const { t } = useTranslation();
  const { money, dateTime } = useFormat();
  const { mutate } = useSWRConfig();
  const refreshList = () => mutate((k) => typeof k === 'string' && k.startsWith(listPrefixes.withdrawals));
  const columns: PagedColumn<Withdrawal>[] = [
    {
      header: t('wallet.code'),
      sx: { overflowWrap: 'anywhere' },
      render: (w) => (
        <>
          {w.code}
          <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
            {dateTime(w.requestDate)}
          </Typography>
        </>
      ),
    },
    { header: t('wallet.amount'), align: 'right', sx: { fontWeight: 600, whiteSpace: 'nowrap' }, render: (w) => money(w.amount) },
    { header: t('withdraw.requestDate'), wideOnly: true, render: (w) => dateTime(w.requestDate) },
    { header: t('withdraw.statusLabel'), render: (w) => <WithdrawalStatus w={w} /> },
  ];

  return (
    <Stack spacing={3}>
      <Paper sx={{ p: { xs: 2, sm: 3 }, border: 1, borderColor: 'divider' }}>
        <WithdrawForm onCreated={refreshList} />
      </Paper>
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('withdraw.listTitle')}
        </Typography>
        <PagedTable<Withdrawal>
          swrKey={keys.withdrawals}
          perPage={PER_PAGE}
          columns={columns}
          testId="withdraw-list"
          emptyText={t('withdraw.empty')}
          emptyTestId="withdraw-empty"
        />
      </Box>
    </Stack>
  );
}
