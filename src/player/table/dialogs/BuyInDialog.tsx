import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormat } from '../hooks/useFormat';

export interface BuyInDialogProps {
  open: boolean;
  mode: 'sit' | 'addChips';
  /** Seat number shown in the title (sit mode). */
  seat?: number | null;
  min: number;
  max: number;
  /** The wallet's available balance; null while unknown. */
  balance: number | null;
  onConfirm: (amount: number) => Promise<void>;
  onClose: () => void;
}

export type BuyInProblem = 'required' | 'tooLow' | 'tooHigh' | 'balance' | null;

/** Validation shared by the field and the confirm button. */
export function buyInProblem(amount: number, min: number, max: number, balance: number | null): BuyInProblem {
  if (!Number.isFinite(amount) || amount <= 0) return 'required';
  if (amount < min) return 'tooLow';
  if (amount > max) return 'tooHigh';
  if (balance !== null && amount > balance) return 'balance';
  return null;
}

/** Buy-in when taking a seat, or chips added between hands: min, max and the balance in view. */
export function BuyInDialog({ open, mode, seat, min, max, balance, onConfirm, onClose }: BuyInDialogProps) {
  const { t } = useTranslation('table');
  const { money } = useFormat();
  const ceiling = balance === null ? max : Math.min(max, balance);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      // Start at the maximum the player can afford: the usual default at cash tables.
      setText(String(Math.max(min, ceiling)));
      setServerError(null);
    }
  }, [open, min, ceiling]);

  const amount = Number(text);
  const problem = buyInProblem(amount, min, max, balance);
  const cannotAfford = balance !== null && balance < min;

  const confirm = async () => {
    if (problem || busy) return;
    setBusy(true);
    setServerError(null);
    try {
      await onConfirm(amount);
      onClose();
    } catch (e) {
      setServerError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="buyin-title" data-testid="buyin-dialog">
      <DialogTitle id="buyin-title">{mode === 'sit' ? t('buyIn.title', { seat: (seat ?? 0) + 1 }) : t('buyIn.addTitle')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: 1, mb: 2, textAlign: 'center' }}>
          <div>
            <Typography variant="caption" color="text.secondary">
              {t('buyIn.min')}
            </Typography>
            <Typography sx={{ fontWeight: 700 }} data-testid="buyin-min">
              {money(min)}
            </Typography>
          </div>
          <div>
            <Typography variant="caption" color="text.secondary">
              {t('buyIn.max')}
            </Typography>
            <Typography sx={{ fontWeight: 700 }} data-testid="buyin-max">
              {money(max)}
            </Typography>
          </div>
          <div>
            <Typography variant="caption" color="text.secondary">
              {t('buyIn.balance')}
            </Typography>
            <Typography sx={{ fontWeight: 700 }} data-testid="buyin-balance">
              {balance === null ? '—' : money(balance)}
            </Typography>
          </div>
        </Box>
        {cannotAfford ? (
          <Alert severity="warning">{t('buyIn.cannotAfford', { min: money(min) })}</Alert>
        ) : (
          <>
            <Slider
              min={min}
              max={Math.max(min, ceiling)}
              step={1}
              value={Math.min(Math.max(amount || min, min), Math.max(min, ceiling))}
              onChange={(_, v) => setText(String(v))}
              aria-label={t('buyIn.amount')}
            />
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <Button size="small" onClick={() => setText(String(min))}>
                {t('buyIn.minShort')}
              </Button>
              <TextField
                fullWidth
                size="small"
                label={t('buyIn.amount')}
                value={text}
                autoFocus
                onChange={(e) => setText(e.target.value.replace(/[^\d]/g, ''))}
                onKeyDown={(e) => e.key === 'Enter' && void confirm()}
                error={problem !== null}
                helperText={problem ? t(`buyIn.problem.${problem}`, { min: money(min), max: money(max) }) : ' '}
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'buyin-amount' } }}
              />
              <Button size="small" onClick={() => setText(String(Math.max(min, ceiling)))}>
                {t('buyIn.maxShort')}
              </Button>
            </Box>
          </>
        )}
        {serverError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t(`error.${serverError}`, { defaultValue: t('error.generic') })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" data-testid="buyin-confirm" onClick={() => void confirm()} disabled={problem !== null || busy || cannotAfford}>
          {mode === 'sit' ? t('buyIn.sit') : t('buyIn.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
