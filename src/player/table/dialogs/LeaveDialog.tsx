import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** Leaving mid-hand takes effect when the hand ends; the chips go back to the wallet. */
export function LeaveDialog({ open, inHand, onConfirm, onClose }: { open: boolean; inHand: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation('table');
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('leave.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{inHand ? t('leave.afterHand') : t('leave.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" color="error" data-testid="leave-confirm" onClick={onConfirm}>
          {t('leave.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
