// Run it twice (issue 29): everyone is all-in before the river and the table asks each player in
// turn whether to deal the rest of the board twice. Any "once" makes it once (the engine's rule).
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { GameCommand } from '../../../shared/socket/messages';

export function RunoutBar({ tableId, pending, compact, onAct }: { tableId: number; pending: boolean; compact: boolean; onAct: (cmd: GameCommand) => void }) {
  const { t } = useTranslation('table');
  const btn = { flex: 1, minWidth: 0, minHeight: 44, fontWeight: 800, fontSize: compact ? 13 : 15 } as const;
  return (
    <Box data-testid="runout-bar" sx={{ display: 'flex', flexDirection: 'column', gap: 1, width: '100%' }}>
      <Typography sx={{ fontWeight: 700, textAlign: 'center' }}>{t('runout.question')}</Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          variant="contained"
          color="primary"
          disabled={pending}
          sx={btn}
          data-testid="run-once"
          onClick={() => onAct({ type: 'GAME', action: 'RUN_IT', tableId, count: 1 })}
        >
          {t('runout.once')}
        </Button>
        <Button
          variant="contained"
          color="warning"
          disabled={pending}
          sx={btn}
          data-testid="run-twice"
          onClick={() => onAct({ type: 'GAME', action: 'RUN_IT', tableId, count: 2 })}
        >
          {t('runout.twice')}
        </Button>
      </Box>
    </Box>
  );
}
