// A completed hand as one value: its record (hand history, summary, who played), every chip it
// moves (losers into the pot, the pot to winners, the rake and the jackpot's share) and the bad
// beat it may pay. Stores only persist this value (the ledger in one transaction with the record).
import { toPhh } from '../phh';
import { findBadBeat, type BadBeat } from './bad-beat';
import { fairEnd } from './fair-end';
import { cardCodes, seatOfPlayer, type HandRun } from './hand';
import type { TableRules } from './types';

export type FairEnd = ReturnType<typeof fairEnd>;

/** The table as its hand history names it. */
export interface HandTable extends TableRules {
  name: string;
  maxPlayers: number;
  /** A tournament's table: its event and blind level (its chips are not money: no currency). */
  tournament?: { event: string; level?: number } | null;
}

/** Who sits in a seat, as a hand's record names them. */
export interface SeatedName {
  userId: number;
  username: string;
  isBot: boolean;
}

export interface SettlementPlayer {
  userId: number;
  seat: number;
  isBot: boolean;
  startStack: number;
  endStack: number;
}

export interface Settlement {
  handId: number;
  /** The server seed (secret: stored for administrators, never sent to players while it reveals an unseen card). */
  seed: string;
  phh: string;
  summary: unknown;
  players: SettlementPlayer[];
  rake: number;
  jackpotContribution: number;
  badBeat: BadBeat | null;
}

/** One movement of a hand's chips; the store maps it onto the ledger's accounts. */
export type HandMove =
  | { key: string; kind: 'GAMEPLAY_LOSS' | 'GAMEPLAY_WIN'; userId: number; amount: number }
  | { key: string; kind: 'RAKE' | 'JACKPOT_CONTRIBUTION'; amount: number };

/** The PHH's optional fields that say who played where: names, 1-based seats, the table. */
function phhFields(table: HandTable, seats: ReadonlyArray<SeatedName | null>, run: HandRun) {
  return {
    players: run.seats.map((seatNo, i) => seatOfPlayer(seats, run, i)?.username ?? `p${seatNo + 1}`),
    seats: run.seats.map((seatNo) => seatNo + 1),
    seat_count: table.maxPlayers,
    table: table.name,
    hand: run.handNumber,
    ...(table.tournament ? { event: table.tournament.event, ...(table.tournament.level ? { level: table.tournament.level } : {}) } : { currency: 'MNT' }),
  };
}

/** A completed hand as the store settles it, and what it discloses (fair-end.ts). */
export function settlementOf(table: HandTable, seats: ReadonlyArray<SeatedName | null>, run: HandRun): { settlement: Settlement; fair: FairEnd } {
  const s = run.state;
  const result = s.result!;
  const rake = run.cuts.reduce((a, c) => a + c.rake, 0);
  const jackpotContribution = run.cuts.reduce((a, c) => a + c.jackpot, 0);
  const players = run.seats.map((seatNo, i) => ({
    userId: run.userIds[i],
    seat: seatNo,
    isBot: seatOfPlayer(seats, run, i)?.isBot ?? false,
    startStack: run.startStacks[i],
    endStack: s.stacks[i],
  }));
  const fair = fairEnd(run, (i) => seatOfPlayer(seats, run, i)?.isBot === false);
  const summary = {
    handNumber: run.handNumber,
    button: run.lineup.button,
    board: cardCodes(s.board),
    // Run it twice: the whole second board (its first cards are the first board's).
    ...(s.extraBoards.length > 0 ? { board2: cardCodes(s.extraBoards[0]) } : {}),
    players: players.map((p, i) => ({
      ...p,
      username: seatOfPlayer(seats, run, i)?.username ?? '',
      cards: cardCodes(s.hole[i]),
      shown: s.shown[i],
      won: result.won[i],
    })),
    pots: result.pots.map((p) => ({ amount: p.amount, rake: p.rake, winners: p.winners.map((w) => run.seats[w]), shares: p.shares })),
    rake,
    jackpotContribution,
    seedHash: run.seedHash,
    cardsRoot: fair.cardsRoot,
    decisionMs: run.decisions ?? [],
    // The server seed may be shown to players only when it reveals no card that was not shown.
    seedPublic: fair.seedPublic,
  };
  const phh = toPhh(s, { extra: phhFields(table, seats, run), cuts: run.cuts, startedAt: run.startedAt, timeZone: 'Asia/Ulaanbaatar', handId: run.handId });
  return { settlement: { handId: run.handId, seed: run.seed, phh, summary, players, rake, jackpotContribution, badBeat: findBadBeat(run) }, fair };
}

/** Losers pay into the pot, the pot pays winners, the rake and the jackpot: every chip the hand moves. */
export function handMoves(h: Settlement): HandMove[] {
  const moves: HandMove[] = [];
  for (const p of h.players) {
    const delta = p.endStack - p.startStack;
    if (delta < 0) moves.push({ key: `hand:${h.handId}:loss:${p.userId}`, kind: 'GAMEPLAY_LOSS', userId: p.userId, amount: -delta });
  }
  for (const p of h.players) {
    const delta = p.endStack - p.startStack;
    if (delta > 0) moves.push({ key: `hand:${h.handId}:win:${p.userId}`, kind: 'GAMEPLAY_WIN', userId: p.userId, amount: delta });
  }
  if (h.rake > 0) moves.push({ key: `hand:${h.handId}:rake`, kind: 'RAKE', amount: h.rake });
  if (h.jackpotContribution > 0) moves.push({ key: `hand:${h.handId}:jackpot`, kind: 'JACKPOT_CONTRIBUTION', amount: h.jackpotContribution });
  return moves;
}
