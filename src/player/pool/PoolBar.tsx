import { Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A pool's own buttons, over its table: fold and go (to a new hand at another table), leave. */
export function PoolBar({ waiting, busy, onFoldAndGo, onLeave }: { waiting: boolean; busy: boolean; onFoldAndGo: () => void; onLeave: () => void }) {
  const { t } = useTranslation('player');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button size="small" variant="contained" color="warning" onClick={onFoldAndGo} disabled={waiting} data-testid="pool-fold-and-go">
        {t('pool.foldAndGo')}
      </Button>
      <Button size="small" variant="contained" color="inherit" onClick={onLeave} disabled={busy} data-testid="pool-leave" sx={{ color: 'text.primary' }}>
        {t('pool.leave')}
      </Button>
    </Stack>
  );
}
