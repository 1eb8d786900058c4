// Builds what each viewer may see. Hole cards leave the server only through `ownerSeatView`
// (the viewer's own seat) or once the engine marks them shown at showdown, and the showdown and
// the awards only once the settlement is written (`shownState`: until then, the end of the betting).
import { legalActions } from '../../poker';
import type { HandView, LastHandView, LegalView, SeatView, Street, TableView } from '../../shared/protocol';
import { cardCodes, collectedPots, playerIndexOf, runoutAsked, seatToAct, shownState, type HandRun } from '../../poker/table';
import type { Seat, TableConfig } from './types';

const STREETS: Street[] = ['PREFLOP', 'FLOP', 'TURN', 'RIVER'];

export function publicSeatView(seat: Seat, run: HandRun | null): SeatView {
  const base: SeatView = {
    seat: seat.seat,
    userId: seat.userId,
    username: seat.username,
    avatar: seat.isBot ? null : (seat.avatar ?? null),
    isBot: seat.isBot,
    stack: seat.stack,
    bet: 0,
    state: seat.status === 'SITTING_OUT' ? 'SITTING_OUT' : 'WAITING',
    connected: seat.isBot || seat.connections > 0,
    hasCards: false,
    cards: null,
    timeBank: seat.timeBank,
    missedBlind: seat.missedBlind,
    leaving: seat.leaving,
  };
  if (seat.straddle) base.straddle = true;
  const i = run ? playerIndexOf(run, seat) : -1;
  if (!run || i < 0) return base;
  const s = shownState(run);
  const inHand = s.active[i];
  base.stack = s.phase === 'complete' ? seat.stack : s.stacks[i];
  base.bet = s.phase === 'complete' ? 0 : s.bets[i];
  base.state = !inHand
    ? s.phase === 'complete' && s.result && s.result.won[i] > 0
      ? 'PLAYING'
      : 'FOLDED'
    : s.stacks[i] === 0 && s.phase !== 'complete'
      ? 'ALL_IN'
      : 'PLAYING';
  if (s.phase === 'complete' && seat.status === 'SITTING_OUT') base.state = 'SITTING_OUT';
  base.hasCards = inHand && s.hole[i].length > 0;
  if (s.shown[i]) base.cards = cardCodes(s.hole[i]);
  return base;
}

/**
 * Whether two public seat views say the same (what a patch may leave out): every field, so a field
 * added to SeatView is compared too. Absent and null are the same (an optional avatar).
 */
export function sameSeatView(a: SeatView | null, b: SeatView | null): boolean {
  if (a === null || b === null) return a === b;
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  // Called for every seat on every action: two passes over the keys, nothing allocated.
  for (const key in x) if (!sameField(x[key], y[key])) return false;
  for (const key in y) if (!(key in x) && !sameField(undefined, y[key])) return false;
  return true;
}

/** One field of two seat views: equal values, or equal arrays (cards); absent and null alike. */
function sameField(u: unknown, v: unknown): boolean {
  if ((u ?? null) === (v ?? null)) return true;
  if (!Array.isArray(u) || !Array.isArray(v) || u.length !== v.length) return false;
  for (let i = 0; i < u.length; i++) if (u[i] !== v[i]) return false;
  return true;
}

/** The seat as its owner sees it: with the hole cards. */
export function ownerSeatView(seat: Seat, run: HandRun | null): SeatView {
  const v = publicSeatView(seat, run);
  const i = run ? playerIndexOf(run, seat) : -1;
  if (run && i >= 0 && run.state.hole[i].length > 0) v.cards = cardCodes(run.state.hole[i]);
  return v;
}

const RUNOUT_LEGAL: LegalView = {
  canFold: false,
  canCheck: false,
  callAmount: 0,
  callIsAllIn: false,
  canBet: false,
  canRaise: false,
  minRaiseTo: null,
  maxRaiseTo: null,
  runout: true,
};

export function legalView(run: HandRun): LegalView | null {
  if (runoutAsked(run)) return { ...RUNOUT_LEGAL };
  const l = legalActions(run.state);
  if (!l) return null;
  return {
    canFold: l.canFold,
    canCheck: l.canCheck,
    callAmount: l.callAmount,
    callIsAllIn: l.callIsAllIn,
    canBet: l.raise?.kind === 'bet',
    canRaise: l.raise?.kind === 'raise',
    minRaiseTo: l.raise?.minTo ?? null,
    maxRaiseTo: l.raise?.maxTo ?? null,
  };
}

export function handView(run: HandRun | null, viewerSeat: number | null): HandView | null {
  if (!run) return null;
  const s = shownState(run);
  const toAct = seatToAct(run);
  const street: Street =
    s.phase === 'showdown' || s.phase === 'settlement' || s.phase === 'complete'
      ? s.board.length >= 5 && s.active.filter(Boolean).length > 1
        ? 'SHOWDOWN'
        : STREETS[Math.min(3, s.street)]
      : STREETS[Math.min(3, s.street)];
  return {
    handId: run.handId,
    handNumber: run.handNumber,
    seedHash: run.seedHash,
    cardsRoot: run.fair?.commitment.root ?? '',
    entropy: run.fair?.entropy.map((e) => ({ ...e })) ?? [],
    street,
    board: cardCodes(s.board),
    ...(s.extraBoards.length > 0 ? { board2: cardCodes(s.extraBoards[0]) } : {}),
    ...(s.config.bombPot ? { bombPot: true } : {}),
    pots: collectedPots(run),
    button: run.lineup.button,
    toAct,
    actionDeadline: toAct === null ? null : run.actionDeadline,
    timeBankDeadline: toAct === null ? null : run.timeBankDeadline,
    legal: toAct !== null && toAct === viewerSeat ? legalView(run) : null,
  };
}

export function tableView(
  config: TableConfig,
  seats: ReadonlyArray<Seat | null>,
  run: HandRun | null,
  lastHand: LastHandView | null,
  viewerSeat: number | null,
  simulation: boolean,
  nextSeedHash: string | null = null,
): TableView {
  return {
    tableId: config.tableId,
    name: config.name,
    variant: config.variant,
    smallBlind: config.smallBlind,
    bigBlind: config.bigBlind,
    minBuyIn: config.minBuyIn,
    maxBuyIn: config.maxBuyIn,
    maxPlayers: config.maxPlayers,
    actionTime: config.actionTime,
    rakePercent: config.rakePercent,
    rakeCap: config.rakeCap,
    ante: config.ante ?? 0,
    straddle: config.straddle ?? 'off',
    runItTwice: config.runItTwice ?? false,
    bombPotEvery: config.bombPotEvery ?? 0,
    status: config.status,
    simulation,
    tournamentId: config.tournamentId ?? null,
    seats: seats.map((seat) => (seat ? (seat.seat === viewerSeat ? ownerSeatView(seat, run) : publicSeatView(seat, run)) : null)),
    hand: handView(run, viewerSeat),
    lastHand,
    mySeat: viewerSeat,
    nextSeedHash,
  };
}
