// Words for people. The structured form (category + deciding ranks) is what the apps translate
// (e.g. into Mongolian); describeHand is the English rendering of it.

import { RANKS } from '../cards';
import { lowRanks } from './low-scale';
import { shortDeckCategory, shortDeckRanks } from './short-deck-scale';
import { categoryIndex, CATEGORIES, strengthRanks, type HandCategory } from './strength';

export interface HandDescriptionParts {
  category: HandCategory;
  /**
   * Ranks 0..12 (2..A) that decide ties, most significant first: see strengthRanks.
   * Straights give their top card (3 for the wheel, five high).
   */
  ranks: number[];
}

export const RANK_NAMES: readonly string[] = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'jack', 'queen', 'king', 'ace'];
export const RANK_PLURALS: readonly string[] = [
  'twos',
  'threes',
  'fours',
  'fives',
  'sixes',
  'sevens',
  'eights',
  'nines',
  'tens',
  'jacks',
  'queens',
  'kings',
  'aces',
];

/** { category, ranks } for a strength. Throws RangeError if it is not a strength. */
export function describeHandParts(strength: number): HandDescriptionParts {
  return { category: CATEGORIES[categoryIndex(strength)], ranks: strengthRanks(strength) };
}

/** "Two pair, kings and sevens", "Straight, five high", "Royal flush", ... */
export function describeHand(strength: number): string {
  return words(describeHandParts(strength));
}

/** { category, ranks } of a short-deck strength (evaluateShortDeck); A-6-7-8-9 is a straight, nine high. */
export function describeShortDeckHandParts(strength: number): HandDescriptionParts {
  return { category: shortDeckCategory(strength), ranks: shortDeckRanks(strength) };
}

/** describeHand for short-deck strengths: the same words ("Flush, ace high", "Straight, nine high"). */
export function describeShortDeckHand(strength: number): string {
  return words(describeShortDeckHandParts(strength));
}

/** "Low, 8-6-4-2-A" for an eight-or-better low strength (evaluateLow8, evaluateOmahaLow8); "No low" for 0. */
export function describeLowHand(strength: number): string {
  if (strength === 0) return 'No low';
  return (
    'Low, ' +
    lowRanks(strength)
      .map((r) => RANKS[r])
      .join('-')
  );
}

function words({ category, ranks }: HandDescriptionParts): string {
  const one = (i: number): string => RANK_NAMES[ranks[i]];
  const many = (i: number): string => RANK_PLURALS[ranks[i]];
  switch (category) {
    case 'high-card':
      return `High card, ${one(0)}`;
    case 'pair':
      return `Pair of ${many(0)}`;
    case 'two-pair':
      return `Two pair, ${many(0)} and ${many(1)}`;
    case 'three-of-a-kind':
      return `Three of a kind, ${many(0)}`;
    case 'straight':
      return `Straight, ${one(0)} high`;
    case 'flush':
      return `Flush, ${one(0)} high`;
    case 'full-house':
      return `Full house, ${many(0)} over ${many(1)}`;
    case 'four-of-a-kind':
      return `Four of a kind, ${many(0)}`;
    case 'straight-flush':
      return ranks[0] === RANKS.length - 1 ? 'Royal flush' : `Straight flush, ${one(0)} high`;
  }
}

const RANK_WORD = new Map<string, number>([...RANK_NAMES.map((w, i) => [w, i] as const), ...RANK_PLURALS.map((w, i) => [w, i] as const)]);
const PATTERNS: ReadonlyArray<readonly [RegExp, HandCategory]> = [
  [/^High card, (\w+)$/, 'high-card'],
  [/^Pair of (\w+)$/, 'pair'],
  [/^Two pair, (\w+) and (\w+)$/, 'two-pair'],
  [/^Three of a kind, (\w+)$/, 'three-of-a-kind'],
  [/^Straight, (\w+) high$/, 'straight'],
  [/^Flush, (\w+) high$/, 'flush'],
  [/^Full house, (\w+) over (\w+)$/, 'full-house'],
  [/^Four of a kind, (\w+)$/, 'four-of-a-kind'],
  [/^Straight flush, (\w+) high$/, 'straight-flush'],
];

/**
 * The inverse of describeHand, for apps that show hands in another language: the category and the
 * ranks the English names (not the kickers). Null for any other text.
 */
export function parseHandDescription(text: string): HandDescriptionParts | null {
  if (text === 'Royal flush') return { category: 'straight-flush', ranks: [RANKS.length - 1] };
  for (const [re, category] of PATTERNS) {
    const m = re.exec(text);
    if (!m) continue;
    const ranks = m.slice(1).map((w) => RANK_WORD.get(w));
    return ranks.every((r) => r !== undefined) ? { category, ranks: ranks as number[] } : null;
  }
  return null;
}
