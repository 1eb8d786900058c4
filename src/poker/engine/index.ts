// The rules engine: pure functions from a hand state to a new state and its events.
export * from './types';
export { normalizeConfig } from './config';
export { GAMES, GAME_CODES, isGameCode, streetBet } from './games';
export { createHand, potTotal } from './state';
export {
  actorIndex,
  verifyFold,
  canFold,
  fold,
  verifyCheckOrCall,
  canCheckOrCall,
  checkOrCall,
  verifyCheck,
  check,
  callAmount,
  minRaiseTo,
  maxRaiseTo,
  verifyCompleteBetOrRaiseTo,
  canCompleteBetOrRaiseTo,
  completeBetOrRaiseTo,
} from './betting';
export { verifyDealHole, canDealHole, dealHole, verifyDealBoard, canDealBoard, dealBoard, dealFromDeck } from './deal';
export { showdownIndex, verifyShowOrMuckHoleCards, canShowOrMuckHoleCards, showOrMuckHoleCards, canWinNow, autoShowOrMuck } from './showdown';
export { computePots } from './pots';
export { settle, verifySettle, percentRake, type RakeFn, type RakeContext, type SettleOptions } from './settle';
export { legalActions, type LegalActions } from './legal';
export { strengthOf, lowStrengthOf, describeStrength, describeLow } from './strength';
export { seatingOrder, nextButton, blindsFor, forcedBets, type ForcedBetsInput, type Seating, type SeatingInput } from './seating';
export { cardText, cardsText, parseCardsText } from './cardtext';
export { effectiveStack } from './flow';
export { applyAction, verifyAction, canAction, ACTION_KINDS, type Action, type ActionKind } from './action';
export { selectRunoutCount, verifyRunoutCountSelection, canSelectRunoutCount, runoutSelectors, MAX_RUNOUTS } from './runout';
