// Hand evaluator: one strength scale (1..7462, higher wins) for hold'em and Omaha.
export { evaluateHoldem, evaluateHoldem5, evaluateHoldem6, evaluateHoldem7 } from './holdem';
export { evaluateOmaha, evaluateOmahaUnchecked } from './omaha';
export { handCategory, CATEGORIES, CATEGORY_START, STRENGTH_COUNT, MIN_STRENGTH, MAX_STRENGTH, type HandCategory } from './strength';
export { describeHand, describeHandParts, parseHandDescription, RANK_NAMES, RANK_PLURALS, type HandDescriptionParts } from './describe';
export { bestFive, bestFiveOmaha, type BestFive } from './best-five';
export {
  evaluateShortDeck,
  evaluateShortDeck7,
  evaluateShortDeckUnchecked,
  SHORT_DECK_CATEGORIES,
  shortDeckCategory,
  shortDeckRanks,
  shortDeckStrengthCount,
  type ShortDeckCategory,
} from './short-deck';
export { evaluateLow8, evaluateLow8Unchecked, evaluateOmahaLow8, evaluateOmahaLow8Unchecked, LOW_STRENGTH_COUNT, lowRanks } from './low';
export { describeShortDeckHand, describeShortDeckHandParts, describeLowHand } from './describe';
