import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { HandView, SeatView, TableView } from '../../../shared/protocol/table-view';
import type { GameCommand } from '../../../shared/socket/messages';
import type { PreActionState } from '../hooks/usePreActions';
import { ActionBar } from './ActionBar';
import { RunoutBar } from './RunoutBar';
import { PreActionBar } from './PreActionBar';
import { panelSx } from './feltStyle';

export interface PlayerPanelProps {
  tableId: number;
  status: TableView['status'];
  bigBlind: number;
  /** The viewer's seat (null for spectators) and the hand: the panel ignores other seats' changes. */
  me: SeatView | null;
  hand: HandView | null;
  /** Pots plus every bet on the table, for the bet presets. */
  potTotal: number;
  pending: string | null;
  pre: PreActionState;
  compact: boolean;
  onAct: (cmd: GameCommand) => void;
  onSitIn: () => void;
  /** A tournament's table: nobody takes a seat here, the director seats the players. */
  tournament?: boolean;
  /** The table's straddle seat, if it has one: the seated player may choose to straddle there. */
  straddle?: 'off' | 'utg' | 'button';
}

/** The bottom strip, within thumb reach on phones: what the viewer can do right now. */
export const PlayerPanel = memo(function PlayerPanel({
  tableId,
  status,
  bigBlind,
  me,
  hand,
  potTotal,
  pending,
  pre,
  compact,
  onAct,
  onSitIn,
  tournament = false,
  straddle = 'off',
}: PlayerPanelProps) {
  const { t } = useTranslation('table');
  const legal = hand && me && hand.toAct === me.seat ? hand.legal : null;

  let content;
  if (!me) {
    content = (
      <Typography sx={{ opacity: 0.85 }}>
        {status === 'CLOSED' ? t('panel.closed') : t(tournament ? 'panel.tournamentSpectator' : 'panel.spectator')}
      </Typography>
    );
  } else if (legal?.runout && hand) {
    content = <RunoutBar tableId={tableId} pending={pending !== null} compact={compact} onAct={onAct} />;
  } else if (legal && hand) {
    content = (
      <ActionBar
        tableId={tableId}
        legal={legal}
        ctx={{ potTotal, myBet: me.bet, callAmount: legal.callAmount }}
        bigBlind={bigBlind}
        pending={pending !== null}
        compact={compact}
        onAct={onAct}
      />
    );
  } else if (me.leaving) {
    content = <Typography>{t('panel.leaving')}</Typography>;
  } else if (me.state === 'SITTING_OUT') {
    content = (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Typography>{t('panel.sittingOut')}</Typography>
        <Button variant="contained" color="success" data-testid="panel-sit-in" onClick={onSitIn} sx={{ minHeight: 44, px: 4 }}>
          {t('toolbar.sitIn')}
        </Button>
      </Box>
    );
  } else if (pre.available) {
    content = <PreActionBar price={pre.price} selected={pre.selected} onSelect={pre.select} compact={compact} />;
  } else if (me.state === 'WAITING') {
    content = <Typography sx={{ opacity: 0.85 }}>{t('panel.waiting')}</Typography>;
  } else if (me.state === 'FOLDED') {
    // At the showdown a player out of the pot lost it (or mucked): the hand is over, not folded.
    content = <Typography sx={{ opacity: 0.85 }}>{t(hand?.street === 'SHOWDOWN' ? 'panel.nextHand' : 'panel.folded')}</Typography>;
  } else {
    content = <Typography sx={{ opacity: 0.85 }}>{hand ? t('panel.inHand') : t('panel.nextHand')}</Typography>;
  }
  return (
    <Box data-testid="player-panel" sx={panelSx(compact)}>
      <Box sx={{ width: '100%', maxWidth: 640 }}>
        {content}
        {me && straddle !== 'off' && !legal && (
          <label data-testid="straddle-toggle" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 6, minHeight: 32, fontSize: 13 }}>
            <input type="checkbox" checked={!!me.straddle} onChange={(e) => onAct({ type: 'GAME', action: 'STRADDLE', tableId, on: e.target.checked })} />
            {t(`straddle.${straddle}`, { amount: 2 * bigBlind })}
          </label>
        )}
      </Box>
    </Box>
  );
});
