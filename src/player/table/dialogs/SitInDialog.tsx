import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** Back from sitting out with a missed blind: wait for the big blind, or post it now. */
export function SitInDialog({
  open,
  bigBlind,
  onChoose,
  onClose,
}: {
  open: boolean;
  bigBlind: string;
  onChoose: (postBlind: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('table');
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('sitIn.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('sitIn.text', { amount: bigBlind })}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button data-testid="sitin-wait" onClick={() => onChoose(false)}>
          {t('sitIn.wait')}
        </Button>
        <Button variant="contained" data-testid="sitin-post" onClick={() => onChoose(true)}>
          {t('sitIn.post', { amount: bigBlind })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
