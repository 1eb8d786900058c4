// The cash table, the pure core (the twin of src/poker/tournament): a hand's start and the steps
// nobody takes, the players' moves, the moving button and who posts, the house's cut, the bad-beat
// jackpot, the settlement as one value, and each seat's life around a hand. Plain data in and out;
// the clock (`now`) and the deck (randomness) are passed in.
export { type TableGame, type TableRules, type TableStraddle, type SeatStatus, type SeatState } from './types';
export { TIME_BANK_START, TIME_BANK_REFILL, TIME_BANK_MAX, HANDS_PER_REFILL, SIT_OUT_LIMIT_MS, TIMEOUTS_BEFORE_SIT_OUT } from './types';
export { nextLineup, type HandLineup } from './lineup';
export {
  startHand,
  advance,
  applyAction,
  isComplete,
  seatToAct,
  actorOf,
  runoutAsked,
  isBombPotHand,
  gameDeck,
  bombPotAnte,
  shownState,
  collectedPots,
  cardCodes,
  playerIndexOf,
  seatOfPlayer,
  type HandRun,
  type HandFair,
  type HandPosts,
  type HandStep,
} from './hand';
export { houseCut, type PotCut } from './house-cut';
export { findBadBeat, jackpotBonuses, describeShown, strength, type BadBeat, type Bonus } from './bad-beat';
export { fairEnd } from './fair-end';
export { settlementOf, handMoves, type Settlement, type SettlementPlayer, type HandMove, type HandTable, type SeatedName, type FairEnd } from './settlement';
export { settledSeat, voidedSeat, turnClock, timeBankAfterMove, cashAfterHand, keptSeatAfterHand, type AfterHand } from './between-hands';
