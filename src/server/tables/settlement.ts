// Pure settlement helpers of a finished hand: what goes to the store (records, stacks, rake, bad
// beat), what the viewers are told afterwards, the shown hands' names and the bad-beat check.
import { describeHand, evaluateHoldem, evaluateOmaha, handCategory, toPhh } from '../../poker';
import type { LastHandView } from '../../shared/protocol';
import { fairEnd } from './fair-end';
import { cardCodes, seatOfPlayer, type HandRun } from './hand';
import type { HandSettlement } from './store';
import type { Seat, TableConfig } from './types';

export type FairEnd = ReturnType<typeof fairEnd>;

/** The PHH's optional fields that say who played where: names, 1-based seats, the table. */
function phhFields(config: TableConfig, seats: ReadonlyArray<Seat | null>, run: HandRun) {
  return {
    players: run.seats.map((seatNo, i) => seatOfPlayer(seats, run, i)?.username ?? `p${seatNo + 1}`),
    seats: run.seats.map((seatNo) => seatNo + 1),
    seat_count: config.maxPlayers,
    table: config.name,
    hand: run.handNumber,
    // Tournament chips are not money: no currency, but the event and its blind level.
    ...(config.tournamentId ? { event: config.event ?? config.name, ...(config.level ? { level: config.level } : {}) } : { currency: 'MNT' }),
  };
}

/** A completed hand as the store settles it, and what it discloses (fair-end.ts). */
export function buildSettlement(config: TableConfig, seats: ReadonlyArray<Seat | null>, run: HandRun): { settlement: HandSettlement; fair: FairEnd } {
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
  const badBeat = findBadBeat(run);
  const fair = fairEnd(run, (i) => seatOfPlayer(seats, run, i)?.isBot === false);
  const summary = {
    handNumber: run.handNumber,
    button: run.lineup.button,
    board: cardCodes(s.board),
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
  const phh = toPhh(s, { extra: phhFields(config, seats, run), cuts: run.cuts, startedAt: run.startedAt, timeZone: 'Asia/Ulaanbaatar', handId: run.handId });
  const settlement: HandSettlement = {
    tableId: config.tableId,
    handId: run.handId,
    seed: run.seed,
    phh,
    summary,
    players,
    rake,
    jackpotContribution,
    badBeat: badBeat && {
      loserUserId: run.userIds[badBeat.loser],
      winnerUserId: run.userIds[badBeat.winner],
      others: run.userIds.filter((_, i) => i !== badBeat.loser && i !== badBeat.winner),
    },
  };
  return { settlement, fair };
}

/** The settled hand as every viewer sees it (each player's own openings are added per viewer). */
export function lastHandView(run: HandRun, seats: ReadonlyArray<Seat | null>, fair: FairEnd): LastHandView {
  const s = run.state;
  return {
    handId: run.handId,
    handNumber: run.handNumber,
    seedHash: run.seedHash,
    cardsRoot: fair.cardsRoot,
    entropy: run.fair?.entropy.map((e) => ({ ...e })) ?? [],
    seed: fair.seedPublic ? run.seed : null,
    openings: fair.openings,
    mine: [],
    winners: s.result!.pots.flatMap((p) =>
      p.winners.map((w, k) => ({
        seat: run.seats[w],
        username: seatOfPlayer(seats, run, w)?.username ?? '',
        amount: p.shares[k],
        description: s.shown[w] ? describeShown(run, w) : null,
      })),
    ),
  };
}

export function strength(run: HandRun, player: number): number {
  const s = run.state;
  return s.config.variant === 'PO' ? evaluateOmaha(s.hole[player], s.board) : evaluateHoldem([...s.hole[player], ...s.board]);
}

/** "Full house, tens over fours" for a hand shown with a complete enough board. */
export function describeShown(run: HandRun, player: number): string {
  const s = run.state;
  if (!s.shown[player] || s.board.length < 3) return '';
  return describeHand(strength(run, player));
}

/**
 * A bad beat: four of a kind or better loses at showdown (hold'em: both hole cards play).
 * Returns the best losing hand's player and the main pot's winner.
 */
export function findBadBeat(run: HandRun): { loser: number; winner: number } | null {
  const s = run.state;
  if (!s.result || s.board.length < 5) return null;
  const main = s.result.pots[0];
  if (!main || main.winners.length !== 1) return null;
  const winner = main.winners[0];
  let loser = -1;
  let best = -1;
  for (let i = 0; i < s.config.n; i++) {
    if (i === winner || !s.shown[i] || s.result.won[i] > 0) continue;
    const v = strength(run, i);
    const cat = handCategory(v);
    if (cat !== 'four-of-a-kind' && cat !== 'straight-flush') continue;
    if (s.config.variant === 'NT' && !bothHoleCardsPlay(s.hole[i], s.board, v)) continue;
    if (v > best) {
      best = v;
      loser = i;
    }
  }
  return loser >= 0 ? { loser, winner } : null;
}

/** Both hole cards play when dropping either one makes the hand weaker. */
function bothHoleCardsPlay(hole: readonly number[], board: readonly number[], full: number): boolean {
  return evaluateHoldem([hole[0], ...board]) < full && evaluateHoldem([hole[1], ...board]) < full;
}
