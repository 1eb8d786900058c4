// Tournaments, the pure core: structures and the level clock, payouts and shared places,
// the draw, balancing and table breaking, hand-for-hand, and the tournament state with its
// transitions (docs/tournaments.md). Plain data in and out, so a director can persist and resume.
export { validation, type PlayerId, type Validation, type TableSeats, type SeatMove } from './types';
export {
  validateStructure,
  levelAt,
  entryStartMs,
  isBreak,
  type BlindLevel,
  type BreakEntry,
  type StructureEntry,
  type TableSize,
  type TournamentStructure,
  type LevelClock,
} from './structure';
export { TURBO_SNG, REGULAR_MTT, HEADS_UP_SNG } from './templates';
export {
  DEFAULT_PAYOUT_TABLE,
  defaultPayoutTable,
  curvePercents,
  validatePayoutTable,
  payoutBand,
  paidPlaces,
  prizes,
  type PayoutBand,
  type PayoutTable,
} from './payouts';
export { sharePlaces, type SameHandBust, type Finish } from './places';
export { drawSeats, bigBlindNext, bigBlindSeat, nextHandButton, worstSeat, playerCount, occupiedSeats, type InitialDraw } from './seating';
export { balanceTables, type BalanceResult } from './balance';
export { isHandForHand, handForHandRoundComplete, mayDealHandForHand, type HandForHandTable } from './bubble';
export {
  createTournament,
  start,
  setClock,
  entryOf,
  seatOf,
  idleTableIds,
  readyTableIds,
  chipsInPlay,
  results,
  type Entry,
  type TableHand,
  type TournamentTable,
  type PendingBust,
  type TournamentState,
  type TournamentEvent,
  type TournamentErrorCode,
  type TournamentError,
  type TournamentOptions,
  type Step,
  type Failure,
} from './state';
export { beginHand, handFinished, type HandSetup, type HandOutcome } from './hand';
export { addEntry, closeRegistration, registrationOpen, projectedPrizes, purchaseWindow, type LateRegistration } from './late';
export { buyChips } from './rebuy';
export { simpleBot, type BotPolicy, type BotView, type BotDecision } from './bots';
export { runTournament, playHand, type RunOptions, type RunResult } from './runner';
