// The live table on the table page: every seat (name, stack, bet, state, BOT badge, connected),
// the board, the pots and who is to act, as an administrator sees it over the socket (like a
// spectator: no hole cards, only backs for the players holding cards). Each seated player has a
// kick button behind a confirmation; during a hand the kick takes effect when the hand ends.
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import { Alert, Box, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { SeatView, TableView } from '../../shared/protocol/table-view';
import { GAMES } from '../../poker/engine/games';
import { formatMoney } from '../../shared/format';
import { PlayingCard } from '../../shared/ui/PlayingCard';
import { useLang } from '../common/fields';
import { useNotifyError } from '../common/notify';
import type { AdminDataProvider } from '../dataProvider';
import type { LiveTableSnapshot } from '../live/liveTable';
import { LabelButton } from '../common/LabelButton';

const STATE_COLOR: Record<SeatView['state'], 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info'> = {
  WAITING: 'default',
  PLAYING: 'success',
  FOLDED: 'default',
  ALL_IN: 'warning',
  SITTING_OUT: 'info',
};

/** True when the seat is dealt in the running hand (a kick waits for the hand to end). */
export function inHand(view: TableView, seat: SeatView): boolean {
  return view.hand !== null && (seat.hasCards || seat.state === 'ALL_IN' || seat.bet > 0);
}

function KickDialog({ view, seat, onClose }: { view: TableView; seat: SeatView; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const lang = useLang();
  const [pending, setPending] = useState(false);
  const afterHand = inHand(view, seat);
  const args = { username: seat.username, name: view.name };
  const confirm = async () => {
    setPending(true);
    try {
      await dataProvider.kick(view.tableId, seat.userId);
      notify(afterHand ? 'resources.table.notify.kick_after_hand' : 'resources.table.notify.kicked', { type: 'success', messageArgs: args });
      onClose();
    } catch (e) {
      notifyError(e);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="kick-title">
      <DialogTitle id="kick-title">{translate('resources.table.confirm.kick_title', args)}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate(afterHand ? 'resources.table.confirm.kick_in_hand' : 'resources.table.confirm.kick_content', {
            ...args,
            stack: formatMoney(seat.stack, lang),
          })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <LabelButton label="ra.action.cancel" onClick={onClose} disabled={pending} />
        <LabelButton label="resources.table.action.kick" color="error" variant="contained" disabled={pending} onClick={confirm} data-testid="kick-confirm">
          <PersonRemoveIcon />
        </LabelButton>
      </DialogActions>
    </Dialog>
  );
}

function SeatBox({ view, seat, index }: { view: TableView; seat: SeatView | null; index: number }) {
  const translate = useTranslate();
  const lang = useLang();
  const [kicking, setKicking] = useState(false);
  const hand = view.hand;
  const toAct = hand?.toAct === index;
  const button = hand?.button === index;
  if (!seat) {
    return (
      <Paper variant="outlined" data-testid={`live-seat-${index}`} data-empty="true" sx={{ p: 1.25, minHeight: 120, borderStyle: 'dashed' }}>
        <Typography variant="caption" color="text.secondary">
          {translate('resources.table.live.seat', { n: index + 1 })} · {translate('resources.table.live.empty')}
        </Typography>
      </Paper>
    );
  }
  return (
    <Paper
      variant="outlined"
      data-testid={`live-seat-${index}`}
      data-user={seat.username}
      data-bot={seat.isBot ? 'true' : 'false'}
      data-to-act={toAct ? 'true' : 'false'}
      sx={{
        p: 1.25,
        minHeight: 120,
        borderWidth: toAct ? 2 : 1,
        borderColor: toAct ? 'warning.main' : 'divider',
        // Folded or away: a tinted box rather than transparency, which took the text below AA contrast.
        bgcolor: seat.state === 'FOLDED' || seat.state === 'SITTING_OUT' ? 'action.hover' : undefined,
      }}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mb: 0.5, minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary">
          {translate('resources.table.live.seat', { n: index + 1 })}
        </Typography>
        {button && (
          <Chip
            size="small"
            label={translate('resources.table.live.button_short')}
            title={translate('resources.table.live.button')}
            sx={{ height: 18, fontWeight: 700 }}
          />
        )}
        <Box sx={{ flex: 1 }} />
        {!seat.connected && (
          <WifiOffIcon fontSize="small" color="disabled" titleAccess={translate('resources.table.live.disconnected')} data-testid="seat-offline" />
        )}
      </Stack>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} data-testid="seat-name">
          {seat.username}
        </Typography>
        {seat.isBot && (
          <Chip
            size="small"
            color="secondary"
            icon={<SmartToyIcon />}
            label={translate('resources.table.live.bot')}
            data-testid="seat-bot"
            sx={{ height: 20 }}
          />
        )}
      </Stack>
      <Typography variant="body2" data-testid="seat-stack">
        {translate('resources.table.live.stack')}: <b>{formatMoney(seat.stack, lang)}</b>
      </Typography>
      {seat.bet > 0 && (
        <Typography variant="body2" color="warning.main" data-testid="seat-bet">
          {translate('resources.table.live.bet')}: {formatMoney(seat.bet, lang)}
        </Typography>
      )}
      <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Chip size="small" color={STATE_COLOR[seat.state]} label={translate(`resources.table.live.state.${seat.state}`)} data-testid="seat-state" />
        {toAct && <Chip size="small" color="warning" variant="outlined" label={translate('resources.table.live.acting')} />}
        {seat.leaving && <Chip size="small" color="error" variant="outlined" label={translate('resources.table.live.leaving')} data-testid="seat-leaving" />}
        {seat.hasCards && (
          <Box component="span" role="img" sx={{ display: 'inline-flex', gap: 0.25 }} aria-label={translate('resources.table.live.has_cards')}>
            {Array.from({ length: GAMES[view.variant]?.holeCards ?? 2 }, (_, i) => (
              <PlayingCard key={i} card={null} height={22} />
            ))}
          </Box>
        )}
      </Stack>
      <Box sx={{ mt: 0.75 }}>
        <Button
          size="small"
          color="error"
          label="resources.table.action.kick_seat"
          aria-label={translate('resources.table.action.kick_named', { username: seat.username })}
          onClick={() => setKicking(true)}
          data-testid={`kick-${index}`}
        >
          <PersonRemoveIcon />
        </Button>
      </Box>
      {kicking && <KickDialog view={view} seat={seat} onClose={() => setKicking(false)} />}
    </Paper>
  );
}

export function LiveTable({ live }: { live: LiveTableSnapshot }) {
  const translate = useTranslate();
  const lang = useLang();
  const { view, connected, error } = live;
  if (error) return <Alert severity="warning">{translate('resources.table.live.unavailable', { code: error })}</Alert>;
  if (!view) return <Typography color="text.secondary">{translate(connected ? 'resources.table.live.loading' : 'resources.table.live.connecting')}</Typography>;
  const hand = view.hand;
  const bots = view.seats.filter((s) => s?.isBot).length;
  const seated = view.seats.filter(Boolean).length;
  const actor = hand?.toAct != null ? view.seats[hand.toAct] : null;
  // Collected pots plus this street's bets still in front of the players.
  const potTotal = hand ? hand.pots.reduce((a, p) => a + p.amount, 0) + view.seats.reduce((a, s) => a + (s?.bet ?? 0), 0) : 0;
  return (
    <Stack spacing={1.5} data-testid="live-table">
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <Chip
          size="small"
          color={connected ? 'success' : 'default'}
          label={translate(connected ? 'resources.table.live.online' : 'resources.table.live.offline')}
        />
        <Chip size="small" label={translate('resources.table.live.seated', { n: seated, max: view.maxPlayers })} data-testid="live-seated" />
        <Chip
          size="small"
          color={view.simulation ? 'secondary' : 'default'}
          icon={<SmartToyIcon />}
          label={translate(view.simulation ? 'resources.table.live.simulation_on' : 'resources.table.live.simulation_off', { bots })}
          data-testid="live-simulation"
          data-simulation={view.simulation ? 'on' : 'off'}
        />
        {view.status === 'CLOSED' && <Chip size="small" color="error" label={translate('resources.table.live.closed')} />}
      </Stack>

      <Paper
        variant="outlined"
        data-testid="live-hand"
        data-hand={hand ? String(hand.handNumber) : ''}
        sx={{ p: 1.5, bgcolor: (t) => (t.palette.mode === 'dark' ? '#0d3b2a' : '#e8f5ec') }}
      >
        {hand ? (
          <Stack spacing={1}>
            <Typography variant="subtitle2">
              {translate('resources.table.live.hand', { number: hand.handNumber })} · {translate(`resources.table.live.street.${hand.street}`)}
            </Typography>
            <Box sx={{ display: 'flex', gap: 0.5, minHeight: 56, alignItems: 'center' }} data-testid="live-board">
              {hand.board.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {translate('resources.table.live.no_board')}
                </Typography>
              ) : (
                hand.board.map((c) => (
                  <Box key={c} component="span" aria-label={c} title={c}>
                    <PlayingCard card={c} height={56} />
                  </Box>
                ))
              )}
            </Box>
            <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography variant="body2" data-testid="live-pots">
                {translate('resources.table.live.pot')}: <b>{formatMoney(potTotal, lang)}</b>
                {hand.pots.length > 1 && ` (${hand.pots.map((p) => formatMoney(p.amount, lang)).join(' + ')})`}
              </Typography>
              <Typography variant="body2" data-testid="live-to-act">
                {actor ? translate('resources.table.live.to_act', { username: actor.username }) : translate('resources.table.live.nobody_to_act')}
              </Typography>
            </Stack>
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('resources.table.live.between_hands')}
          </Typography>
        )}
        {view.lastHand && view.lastHand.winners.length > 0 && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }} data-testid="live-last-hand">
            {translate('resources.table.live.last_hand', {
              number: view.lastHand.handNumber,
              winners: view.lastHand.winners.map((w) => `${w.username} +${formatMoney(w.amount, lang)}`).join(', '),
            })}
          </Typography>
        )}
      </Paper>

      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))', gap: 1 }}>
        {view.seats.map((seat, i) => (
          <SeatBox key={i} view={view} seat={seat} index={i} />
        ))}
      </Box>
    </Stack>
  );
}
