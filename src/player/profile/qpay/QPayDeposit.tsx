import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { api, type QPayInvoice } from '../../api';
import { useNotify } from '../../components/Notify';
import { useFormat } from '../../hooks/useLang';
import { useSocketMessage } from '../../socket/SocketContext';
import { isApiError } from '../../../shared/http';
import { parseMoney } from '../../../shared/format';
import { QPayInvoicePanel } from './QPayInvoicePanel';

const PRESETS = [10_000, 50_000, 100_000, 500_000];
const OPEN = new Set(['PENDING', 'PARTIAL', 'CREATING']);
/** While an invoice is open, it is also read every so often (a socket message lost in a reconnect). */
const REFRESH_MS = 15_000;

type Rule = 'required' | 'invalid' | 'tooLow' | 'tooMuch';

function checkAmount(raw: string, min: number, max: number): Rule | null {
  if (!raw.trim()) return 'required';
  const n = parseMoney(raw);
  if (!Number.isFinite(n) || n <= 0) return 'invalid';
  if (n < min) return 'tooLow';
  if (n > max) return 'tooMuch';
  return null;
}

const newKey = () => `qp-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * Deposit by QPay (docs/payments.md): an amount within the room's bounds, an invoice from QPay, its
 * QR code (and bank app buttons on a phone), followed live until paid; the balance updates by
 * itself (BALANCE_UPDATE). An invoice still open is taken up again after a reload.
 */
export function QPayDeposit({ min, max }: { min: number; max: number }) {
  const { t, i18n } = useTranslation();
  const { money } = useFormat();
  const notify = useNotify();
  const [raw, setRaw] = useState('');
  const [rule, setRule] = useState<Rule | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [invoice, setInvoice] = useState<QPayInvoice | null>(null);
  // One key per intended deposit: a double click asks QPay once.
  const keyRef = useRef<{ amount: number; key: string } | null>(null);

  useEffect(() => {
    let alive = true;
    api
      .latestQPayInvoice()
      .then((inv) => alive && inv && OPEN.has(inv.status) && setInvoice(inv))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);

  useSocketMessage('QPAY_INVOICE', (m) => {
    setInvoice((cur) => (cur && cur.id === m.data.id ? m.data : cur));
  });

  const invoiceId = invoice && OPEN.has(invoice.status) ? invoice.id : null;
  useEffect(() => {
    if (invoiceId === null) return;
    const timer = setInterval(() => {
      api
        .qpayInvoice(invoiceId)
        .then((inv) => setInvoice((cur) => (cur && cur.id === inv.id ? inv : cur)))
        .catch(() => undefined);
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [invoiceId]);

  const explain = useCallback(
    (err: unknown): string => {
      if (!isApiError(err) || err.status === 0) return t('qpay.errors.network');
      const k = `qpay.errors.${err.code}`;
      return i18n.exists(k) ? t(k, { min: money(min), max: money(max) }) : err.message || t('qpay.errors.unknown');
    },
    [t, i18n, money, min, max],
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const problem = checkAmount(raw, min, max);
    setRule(problem);
    if (problem) return;
    const amount = parseMoney(raw);
    if (!keyRef.current || keyRef.current.amount !== amount) keyRef.current = { amount, key: newKey() };
    setBusy(true);
    try {
      setInvoice(await api.createQPayInvoice({ amount, idempotencyKey: keyRef.current.key }));
      keyRef.current = null;
    } catch (err) {
      const msg = explain(err);
      setError(msg);
      notify(msg, 'error');
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    if (!invoice) return;
    setBusy(true);
    try {
      setInvoice(await api.cancelQPayInvoice(invoice.id));
    } catch (err) {
      notify(explain(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  if (invoice) return <QPayInvoicePanel invoice={invoice} busy={busy} onCancel={cancel} onNew={() => setInvoice(null)} />;

  const ruleText = rule && t(`qpay.${rule}`, { min: money(min), max: money(max) });
  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="qpay-form">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('qpay.intro', { min: money(min), max: money(max) })}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
        {PRESETS.filter((p) => p >= min && p <= max).map((p) => (
          <Chip
            key={p}
            label={money(p)}
            onClick={() => (setRaw(String(p)), setRule(null))}
            variant={parseMoney(raw) === p ? 'filled' : 'outlined'}
            color="primary"
          />
        ))}
      </Stack>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label={t('qpay.amount')}
          value={raw}
          onChange={(e) => {
            setRaw(e.target.value);
            setRule(null);
          }}
          error={!!rule}
          helperText={ruleText || ' '}
          slotProps={{
            htmlInput: { inputMode: 'numeric', 'data-testid': 'qpay-amount-input' },
            input: { endAdornment: <InputAdornment position="end">₮</InputAdornment> },
          }}
          sx={{ flex: '1 1 200px', maxWidth: 320 }}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="qpay-submit" sx={{ mt: 0.5 }}>
          {busy ? <CircularProgress size={22} color="inherit" /> : t('qpay.submit')}
        </Button>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
