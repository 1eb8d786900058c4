import { useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, Link, Stack, Typography, useMediaQuery } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import type { QPayInvoice } from '../../api';
import { useFormat } from '../../hooks/useLang';
import { QrImage } from './QrImage';

const OPEN = new Set(['PENDING', 'PARTIAL']);

/** mm:ss left until `until` (ISO), ticking each second; 0:00 once past. */
function useCountdown(until: string, active: boolean): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [active]);
  const left = Math.max(0, Math.floor((new Date(until).getTime() - now) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

const STATUS_COLOR = { PAID: 'success', PARTIAL: 'info', PENDING: 'warning' } as const;

/**
 * One invoice: the QR code to scan, on a phone a button per bank app (QPay's deep links), QPay's
 * own page, the time left; then what became of it. It changes live (QPAY_INVOICE on the socket).
 */
export function QPayInvoicePanel({ invoice, onCancel, onNew, busy }: { invoice: QPayInvoice; onCancel: () => void; onNew: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const { money } = useFormat();
  const phone = useMediaQuery('(pointer: coarse), (max-width: 599.95px)');
  const open = OPEN.has(invoice.status);
  const left = useCountdown(invoice.expiresAt, open);
  const held = invoice.paidAmount - invoice.creditedAmount;
  const color = STATUS_COLOR[invoice.status as keyof typeof STATUS_COLOR] ?? 'default';

  return (
    <Stack spacing={2} data-testid="qpay-invoice" data-status={invoice.status}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="p" sx={{ fontWeight: 800 }} data-testid="qpay-amount">
          {money(invoice.amount)}
        </Typography>
        <Chip label={t(`qpay.status.${invoice.status}`)} color={color} size="small" data-testid="qpay-status" />
        {open && (
          <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }} aria-live="off">
            {t('qpay.expiresIn', { time: left })}
          </Typography>
        )}
      </Box>

      {invoice.status === 'PAID' && (
        <Alert severity="success" data-testid="qpay-paid">
          {t('qpay.paid', { amount: money(invoice.creditedAmount) })}
        </Alert>
      )}
      {invoice.status === 'PARTIAL' && <Alert severity="info">{t('qpay.partial', { paid: money(invoice.paidAmount), amount: money(invoice.amount) })}</Alert>}
      {held > 0 && <Alert severity="warning">{t('qpay.held', { amount: money(held) })}</Alert>}
      {(invoice.status === 'EXPIRED' || invoice.status === 'CANCELLED' || invoice.status === 'FAILED') && (
        <Alert severity={invoice.status === 'FAILED' ? 'error' : 'info'}>
          {t(`qpay.closed.${invoice.status}`)}
          {invoice.creditedAmount > 0 && ` ${t('qpay.creditedSoFar', { amount: money(invoice.creditedAmount) })}`}
        </Alert>
      )}

      {open && invoice.qrText && (
        <Stack spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
          {phone && invoice.deepLinks.length > 0 && (
            <Box>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                {t('qpay.openApp')}
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1 }} data-testid="qpay-apps">
                {invoice.deepLinks.map((l) => (
                  <Button key={`${l.name}-${l.link}`} variant="outlined" href={l.link} sx={{ justifyContent: 'flex-start', textTransform: 'none' }}>
                    {l.name}
                  </Button>
                ))}
              </Box>
            </Box>
          )}
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', alignSelf: { xs: 'center', sm: 'flex-start' } }}>
            <QrImage text={invoice.qrText} alt={t('qpay.qrAlt', { amount: money(invoice.amount) })} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, textAlign: 'center', maxWidth: 260 }}>
              {t('qpay.scan')}
            </Typography>
          </Box>
          {invoice.shortUrl && (
            <Link
              href={invoice.shortUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="qpay-page"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
            >
              {t('qpay.qpayPage')}
              <OpenInNewIcon fontSize="inherit" />
            </Link>
          )}
        </Stack>
      )}

      <Box sx={{ display: 'flex', gap: 1 }}>
        {invoice.status === 'PENDING' && (
          <Button color="inherit" onClick={onCancel} disabled={busy} data-testid="qpay-cancel">
            {t('qpay.cancel')}
          </Button>
        )}
        {!open && (
          <Button variant="contained" onClick={onNew} data-testid="qpay-new">
            {t('qpay.newDeposit')}
          </Button>
        )}
      </Box>
    </Stack>
  );
}
