import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Drawer from '@mui/material/Drawer';
import Snackbar from '@mui/material/Snackbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSettings, useSettingsStore } from '../../shared/settings/useSettings';
import { formatNumber } from '../../shared/format/money';
import { localizeHandName } from '../../shared/format/handName';
import type { TableConnection } from './io/connection';
import { ensureTableStrings } from '../components/tableStrings';
import { useTableSlice, useTableStore } from './hooks/useTableStore';
import { useTableActions } from './hooks/useTableActions';
import { usePreActions } from './hooks/usePreActions';
import { useShowdown } from './hooks/useShowdown';
import { useReducedMotion } from './hooks/useReducedMotion';
import { useTurnAlert } from './hooks/useTurnAlert';
import { useTableSounds } from './hooks/useTableSounds';
import { useFullscreen } from './hooks/useFullscreen';
import { TableFelt } from './components/TableFelt';
import { TableToolbar } from './components/TableToolbar';
import { TableSkeleton } from './components/TableSkeleton';
import { TABLE_ASIDE_STYLE, TABLE_ROOT_STYLE, TILE_ROOT_STYLE } from './components/feltStyle';
import { PlayerPanel } from './components/PlayerPanel';
import { SidePanel } from './components/SidePanel';
import { TournamentHud } from './components/TournamentHud';
import { TABLE_CSS } from './components/tableCss';
import { BuyInDialog } from './dialogs/BuyInDialog';
import { SitInDialog } from './dialogs/SitInDialog';
import { LeaveDialog } from './dialogs/LeaveDialog';
import type { FairTools } from './logic/fairCheck';
import type { TableApi } from './io/tableApi';
import type { GameCommand } from '../../shared/socket/messages';
import { TABLE_ROOT } from './logic/shortcuts';

// Opened from the toolbar, not needed to show the table: loaded on first use. The info dialog's
// fairness check carries the rules engine and its evaluator tables (docs/delivery.md).
const InfoDialog = lazy(() => import('./dialogs/InfoDialog').then((m) => ({ default: m.InfoDialog })));
const SettingsDialog = lazy(() => import('./dialogs/SettingsDialog').then((m) => ({ default: m.SettingsDialog })));
const ReplayDialog = lazy(() => import('./dialogs/ReplayDialog').then((m) => ({ default: m.ReplayDialog })));

export interface TableAccount {
  userId: number;
  username: string;
  email?: string;
  balance: number;
  locked?: number;
}

export interface TablePageProps {
  tableId: number;
  connection: TableConnection;
  /** Null for a visitor who is not signed in: watch only. */
  account: TableAccount | null;
  onLobby: () => void;
  onLogout?: () => void;
  onDark?: (dark: boolean) => void;
  fairTools?: FairTools | null;
  /** HTTP for the replayer's older hands and the chat history; null in component tests. */
  api?: TableApi | null;
  /** Opens the replayer on this hand at once (`?replay=<handId>` from game history). */
  replayHandId?: number | null;
  /** A tournament's director moved the player to another table. */
  onMoved?: (tableId: number) => void;
  /** One table of several in the window (the multi-table view): laid out for the tile's size. */
  tile?: TableTile | null;
  /** Whether the player must act here, and until when (the multi-table view orders and badges by it). */
  onTurn?: (turn: TableTurn) => void;
}

export interface TableTile {
  /** From the tile's own size, not the window's. */
  compact: boolean;
  portrait: boolean;
  /** One tile plays the music, not every one. */
  music: boolean;
}

export interface TableTurn {
  tableId: number;
  name: string;
  waiting: boolean;
  /** When the player's time to act ends (epoch ms), while waiting. */
  deadline: number | null;
}

type DialogName = 'buyIn' | 'addChips' | 'info' | 'settings' | 'replay' | 'leave' | 'sitIn' | null;

export function TablePage(props: TablePageProps) {
  const { tableId, connection, account, onLobby, onLogout, onDark, fairTools, api = null, replayHandId = null, onMoved, tile = null, onTurn } = props;
  const { t, i18n } = useTranslation('table');
  useState(() => ensureTableStrings(i18n));
  const [settings] = useSettings();
  // Off by the setting or by the system's reduced motion (chip flights are drawn by script).
  const reducedMotion = useReducedMotion();
  const animations = settings.animations && !reducedMotion;
  const settingsStore = useSettingsStore();
  const store = useTableStore(tableId, connection, { autoMuck: () => settingsStore.get().autoMuck });
  const view = useTableSlice(store, (s) => s.view);
  // The first snapshot mounts the whole table: as a transition, in slices that let the phone's
  // browser breathe, rather than one store-driven (always synchronous) render. Later updates are
  // small and stay synchronous.
  const [mounted, setMounted] = useState(false);
  const hasView = view !== null;
  useEffect(() => {
    if (hasView && !mounted) startTransition(() => setMounted(true));
  }, [hasView, mounted]);
  // The hand log and chat come after the table is on screen, in their own transition: the chat
  // loads its history when it mounts, so nothing said meanwhile is missed.
  const [sideReady, setSideReady] = useState(false);
  useEffect(() => {
    if (!mounted || sideReady) return;
    const id = setTimeout(() => startTransition(() => setSideReady(true)), 0);
    return () => clearTimeout(id);
  }, [mounted, sideReady]);
  const resyncing = useTableSlice(store, (s) => s.resyncing);
  const connected = useTableSlice(store, (s) => s.connected);
  const loadError = useTableSlice(store, (s) => s.error);
  const hands = useTableSlice(store, (s) => s.recordedHands);

  const narrowWindow = useMediaQuery('(max-width: 760px)');
  const portraitWindow = useMediaQuery('(orientation: portrait)');
  const compact = tile ? tile.compact : narrowWindow;
  const portrait = tile ? tile.portrait : portraitWindow;
  const rootStyle = tile ? TILE_ROOT_STYLE : TABLE_ROOT_STYLE;
  const lobbyLabel = t(tile ? 'toolbar.closeTable' : 'toolbar.lobby');
  const rootRef = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(rootRef);
  const [dialog, setDialog] = useState<DialogName>(replayHandId !== null ? 'replay' : null);
  const [pickedSeat, setPickedSeat] = useState<number | null>(null);
  const [snack, setSnack] = useState<string | null>(null);
  const [drawer, setDrawer] = useState(false);

  const showError = useCallback((code: string) => setSnack(t(`error.${code}`, { defaultValue: t('error.generic') })), [t]);
  const actions = useTableActions(connection, showError);
  const pre = usePreActions(view, actions.act);
  const showdown = useShowdown(store);
  // Hand names arrive in English; word them in the player's language.
  const shown = showdown.results;
  const results = useMemo(() => {
    const out: typeof shown = {};
    for (const [seat, r] of Object.entries(shown)) out[Number(seat)] = r.description ? { ...r, description: localizeHandName(r.description, t) } : r;
    return out;
  }, [shown, t]);

  // Auto muck is the viewer's option on the server: send it again when it changes.
  const firstMuck = useRef(true);
  useEffect(() => {
    if (firstMuck.current) {
      firstMuck.current = false;
      return;
    }
    if (connection.status === 'open') store.subscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- resend only when the option changes
  }, [settings.autoMuck]);

  const hand = view?.hand ?? null;
  const mySeat = view?.mySeat ?? null;
  const me = view && mySeat !== null ? view.seats[mySeat] : null;
  const myTurn = !!hand && mySeat !== null && hand.toAct === mySeat && !!hand.legal;
  // A settled hand stays on the felt until the next one, which may not come (a player alone):
  // once its result is in, the player is between hands (chips can be added, leaving is at once).
  const handOver = !!hand && view?.lastHand?.handId === hand.handId;
  const inHand = !!me && !handOver && me.hasCards && (me.state === 'PLAYING' || me.state === 'ALL_IN');

  useTurnAlert(myTurn, { sound: settings.sounds, title: t('turn.title') });
  useTableSounds(store, settings.sounds, settings.music && (tile?.music ?? true));
  // Reported once the table is on screen (its root can take the focus then).
  const waiting = myTurn && mounted;
  const deadline = waiting ? (hand?.actionDeadline ?? null) : null;
  const name = view?.name ?? '';
  useEffect(() => onTurn?.({ tableId, name, waiting, deadline }), [onTurn, tableId, name, waiting, deadline]);

  const onSit = useCallback(
    (seat: number) => {
      if (!account) {
        setSnack(t('error.signIn'));
        return;
      }
      setPickedSeat(seat);
      setDialog('buyIn');
    },
    [account, t],
  );

  const missedBlind = !!me?.missedBlind;
  const { act } = actions;
  const sitIn = useCallback(() => {
    if (missedBlind) setDialog('sitIn');
    else void act({ type: 'GAME', action: 'SIT_IN', tableId });
  }, [missedBlind, act, tableId]);
  // Stable handlers: the toolbar and panels are memoised and skip table events.
  const open = useMemo(
    () => ({
      addChips: () => setDialog('addChips'),
      replay: () => setDialog('replay'),
      info: () => setDialog('info'),
      settings: () => setDialog('settings'),
      leave: () => setDialog('leave'),
      chat: () => setDrawer(true),
      close: () => setDialog(null),
    }),
    [],
  );
  const sitOut = useCallback(() => void act({ type: 'GAME', action: 'SIT_OUT', tableId }), [act, tableId]);
  const onAct = useCallback((cmd: GameCommand) => void act(cmd), [act]);

  if (!view || !mounted) {
    return (
      <TableSkeleton
        portrait={portrait}
        compact={compact}
        connected={connected}
        error={loadError}
        onLobby={onLobby}
        lobbyLabel={lobbyLabel}
        rootStyle={rootStyle}
      />
    );
  }

  const twoBoards = showdown.parts.some((p) => p.board === 2);
  const banner = showdown.parts.length
    ? // Hi-lo and run it twice: each board's high and low winners apart.
      showdown.parts
        .map((p) =>
          t('winner.part', {
            part: twoBoards ? t(`winner.${p.half}Board`, { n: p.board }) : t(`winner.${p.half}`),
            name: p.name,
            amount: formatNumber(p.amount, i18n.language),
          }),
        )
        .join(' · ')
    : showdown.winners.length
      ? showdown.winners
          .map((w) =>
            w.description
              ? t('winner.with', { name: w.name, amount: formatNumber(w.amount, i18n.language), description: localizeHandName(w.description, t) })
              : t('winner.plain', { name: w.name, amount: formatNumber(w.amount, i18n.language) }),
          )
          .join(' · ')
      : null;
  const maxAdd = me ? Math.max(0, view.maxBuyIn - me.stack) : 0;
  const potTotal = hand ? hand.pots.reduce((a, p) => a + p.amount, 0) + view.seats.reduce((a, s) => a + (s?.bet ?? 0), 0) : 0;
  const side = (
    <SidePanel
      store={store}
      conn={connection}
      tableId={tableId}
      canSend={!!account && connected}
      api={account ? api : null}
      initialTab={compact ? 'chat' : 'log'}
    />
  );

  return (
    <div
      ref={rootRef}
      data-testid="table-page"
      data-animations={animations ? 'on' : 'off'}
      // The table a shortcut key is for (logic/shortcuts.ts). A tile is a region reached with Tab;
      // the lone page takes the focus of a click on its felt.
      {...{ [TABLE_ROOT]: tableId }}
      tabIndex={tile ? 0 : -1}
      role={tile ? 'region' : undefined}
      aria-label={tile ? view.name : undefined}
      style={rootStyle}
    >
      <style>{TABLE_CSS}</style>
      <TableToolbar
        title={view.name}
        subtitle={`${t(`variant.${view.variant}`)} · ${formatNumber(view.smallBlind, i18n.language)}/${formatNumber(view.bigBlind, i18n.language)}`}
        compact={compact}
        seated={!!me}
        sittingOut={me?.state === 'SITTING_OUT'}
        canAddChips={!inHand && maxAdd > 0 && !view.tournamentId}
        fullscreen={fullscreen.active}
        onLobby={onLobby}
        lobbyLabel={lobbyLabel}
        onAddChips={open.addChips}
        onReplay={open.replay}
        onInfo={open.info}
        onSettings={open.settings}
        onSitOut={sitOut}
        onSitIn={sitIn}
        onFullscreen={fullscreen.toggle}
        onLeave={open.leave}
        onChat={compact ? open.chat : undefined}
      />
      {view.tournamentId ? <TournamentHud tournamentId={view.tournamentId} tableId={tableId} userId={account?.userId ?? null} onMoved={onMoved} /> : null}
      {(!connected || resyncing) && (
        <Alert severity="warning" variant="filled" data-testid="reconnect-banner" sx={{ borderRadius: 0, py: 0 }}>
          {!connected ? t('banner.reconnecting') : t('banner.resync')}
        </Alert>
      )}
      <div style={{ flex: 1, display: 'flex', minHeight: 0 }}>
        <div style={{ flex: 1, position: 'relative', minHeight: 0, minWidth: 0 }}>
          <TableFelt
            store={store}
            view={view}
            portrait={portrait}
            compact={compact}
            results={results}
            winning={showdown.winning}
            banner={banner}
            animations={animations}
            onSit={onSit}
          />
        </div>
        {!compact && <aside style={TABLE_ASIDE_STYLE}>{sideReady ? side : null}</aside>}
      </div>
      <PlayerPanel
        tableId={tableId}
        status={view.status}
        bigBlind={view.bigBlind}
        me={me}
        hand={me ? hand : null}
        potTotal={me ? potTotal : 0}
        pending={actions.pending}
        pre={pre}
        compact={compact}
        onAct={onAct}
        onSitIn={sitIn}
        tournament={!!view.tournamentId}
        straddle={view.straddle}
      />

      {compact && sideReady && (
        <Drawer
          anchor="bottom"
          open={drawer}
          onClose={() => setDrawer(false)}
          keepMounted
          slotProps={{ paper: { sx: { height: '60vh', bgcolor: '#14241c' } } }}
        >
          {side}
        </Drawer>
      )}
      {dialog === 'buyIn' && (
        <BuyInDialog
          open
          mode="sit"
          seat={pickedSeat}
          min={view.minBuyIn}
          max={view.maxBuyIn}
          balance={account?.balance ?? null}
          onConfirm={(amount) => actions.send({ type: 'GAME', action: 'SIT', tableId, seat: pickedSeat ?? 0, buyIn: amount })}
          onClose={open.close}
        />
      )}
      {dialog === 'addChips' && (
        <BuyInDialog
          open
          mode="addChips"
          min={Math.min(view.bigBlind, maxAdd)}
          max={maxAdd}
          balance={account?.balance ?? null}
          onConfirm={(amount) => actions.send({ type: 'GAME', action: 'ADD_CHIPS', tableId, amount })}
          onClose={open.close}
        />
      )}
      {dialog === 'sitIn' && (
        <SitInDialog
          open
          bigBlind={formatNumber(view.bigBlind, i18n.language)}
          onClose={() => setDialog(null)}
          onChoose={(postBlind) => {
            setDialog(null);
            void actions.act({ type: 'GAME', action: 'SIT_IN', tableId, postBlind });
          }}
        />
      )}
      {dialog === 'leave' && (
        <LeaveDialog
          open
          inHand={inHand}
          onClose={() => setDialog(null)}
          onConfirm={() => {
            setDialog(null);
            void actions.act({ type: 'GAME', action: 'LEAVE', tableId });
          }}
        />
      )}
      <Suspense fallback={null}>
        {dialog === 'info' && <InfoDialog open view={view} onClose={() => setDialog(null)} fairTools={fairTools} fairMemory={store.fairMemory} />}
        {dialog === 'settings' && <SettingsDialog open onClose={open.close} account={account} onLogout={onLogout ?? null} onDark={onDark} />}
        {dialog === 'replay' && (
          <ReplayDialog
            open
            tableId={tableId}
            hands={hands}
            heroSeat={mySeat}
            heroName={account?.username ?? null}
            heroUserId={account?.userId ?? null}
            api={account ? api : null}
            initialHandId={replayHandId}
            onClose={() => setDialog(null)}
          />
        )}
      </Suspense>
      {snack !== null && (
        <Snackbar open autoHideDuration={4000} onClose={() => setSnack(null)} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
          <Alert severity="error" variant="filled" onClose={() => setSnack(null)} role="alert">
            {snack}
          </Alert>
        </Snackbar>
      )}
    </div>
  );
}
