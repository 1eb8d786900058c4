// Mock data and rules for the regulars' routes of issue 33 (src/shared/api/regulars.ts): the
// players a mock user can put notes on, a small hand history to search, the filters applied as
// the server is asked to apply them, and the push subscriptions stored.
import { HandSearchRow, type HandFilters, type PlayerNote, type PushSubscriptionBody } from '../src/shared/api/regulars';
import type { ResponseOf } from '../src/shared/api';

export interface RegularsState {
  /** Known players (id -> name) a note may be about, besides the mock users. */
  players: Map<number, string>;
  /** owner userId -> (opponent userId -> note). */
  notes: Map<number, Map<number, PlayerNote>>;
  /** The searchable hands of user 1 (bataa), each with its row and the hand the replayer opens. */
  searchHands: Array<{ row: HandSearchRow; hand: ResponseOf<'myHand'> }>;
  pushSubscriptions: Array<PushSubscriptionBody & { userId: number }>;
  /** Null: the server has no VAPID keys (404 PUSH_DISABLED). */
  vapidPublicKey: string | null;
}

/** A VAPID public key's shape (65 bytes, base64url): what PushManager.subscribe takes. */
export const MOCK_VAPID_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

const day = (d: number, h = 12) => new Date(Date.UTC(2026, 10, d, h, 0)).toISOString();

function searchHand(samplePhh: string, handId: number, row: Omit<HandSearchRow, 'handId' | 'handNumber' | 'tableId'> & { tableId?: number }) {
  const full = HandSearchRow.parse({ handId, handNumber: handId + 100, tableId: row.tableId ?? 1, ...row });
  const cards = row.holeCards ?? ['As', 'Ks'];
  let phh = samplePhh.replace('AsKs', cards.join(''));
  // Four hole cards: pot-limit Omaha, the opponent's four unseen.
  if (cards.length === 4) phh = phh.replace('variant = "NT"', 'variant = "PO"').replace('d dh p2 ????', 'd dh p2 ????????');
  const hand = {
    handId,
    tableId: full.tableId,
    handNumber: full.handNumber,
    startedAt: full.startedAt,
    endedAt: full.startedAt,
    seedHash: 'a'.repeat(64),
    seed: null,
    cardsRoot: 'c'.repeat(64),
    entropy: [],
    phh,
    summary: null,
    status: 'settled' as const,
    net: full.net,
  };
  return { row: full, hand };
}

/** `samplePhh`: the mock hand's PHH (mocks/state.ts), each hand with the player's own cards in it. */
export function createRegularsState(samplePhh: string): RegularsState {
  const base = { tableName: 'Khangai', variant: 'NT' as const, smallBlind: 500, bigBlind: 1000 };
  return {
    players: new Map([
      [3, 'tsetsgee'],
      [4, 'temuujin'],
      [5, 'naraa'],
    ]),
    notes: new Map([[1, new Map([[3, { userId: 3, username: 'tsetsgee', tag: 'red' as const, note: 'Calls every river bet', updatedAt: day(18) }]])]]),
    searchHands: [
      searchHand(samplePhh, 201, { ...base, startedAt: day(10), position: 'BTN', holeCards: ['Ah', 'Kd'], net: 12_000, pot: 24_500 }),
      searchHand(samplePhh, 202, { ...base, startedAt: day(12), position: 'BB', holeCards: ['Qs', 'Qd'], net: -8_000, pot: 16_000 }),
      searchHand(samplePhh, 203, { ...base, startedAt: day(14), position: 'SB', holeCards: ['7c', '2d'], net: 0, pot: 1_500 }),
      searchHand(samplePhh, 204, {
        ...base,
        tableId: 2,
        tableName: 'Altai',
        variant: 'PO',
        smallBlind: 1000,
        bigBlind: 2000,
        startedAt: day(16),
        position: 'CO',
        holeCards: ['Ac', 'Kc', 'Jh', 'Td'],
        net: 54_000,
        pot: 110_000,
      }),
      searchHand(samplePhh, 205, { ...base, startedAt: day(19), position: 'BTN', holeCards: ['As', 'Kh'], net: -3_000, pot: 7_000 }),
    ],
    pushSubscriptions: [],
    vapidPublicKey: MOCK_VAPID_KEY,
  };
}

const RANKS = '23456789TJQKA';

/** Whether two hole cards fit a filter: exact cards in either order, or a class (QQ, AKs, AKo, AK). */
export function cardsMatch(cards: readonly string[] | null, filter: string): boolean {
  if (!cards || cards.length !== 2) return false;
  const [a, b] = cards;
  if (filter.length === 4) return a + b === filter || b + a === filter;
  const hi = RANKS.indexOf(a[0]) >= RANKS.indexOf(b[0]) ? a : b;
  const lo = hi === a ? b : a;
  if (hi[0] + lo[0] !== filter.slice(0, 2) && lo[0] + hi[0] !== filter.slice(0, 2)) return false;
  if (filter[2] === 's') return a[1] === b[1];
  if (filter[2] === 'o') return a[1] !== b[1];
  return true;
}

/** The search's rule for one row, as the server is asked to apply it. */
export function handMatches(row: HandSearchRow, f: HandFilters): boolean {
  const dayOf = row.startedAt.slice(0, 10);
  if (f.from && dayOf < f.from) return false;
  if (f.to && dayOf > f.to) return false;
  if (f.variant && row.variant !== f.variant) return false;
  if (f.bigBlind !== undefined && row.bigBlind !== f.bigBlind) return false;
  if (f.position && row.position !== f.position) return false;
  if (f.cards && !cardsMatch(row.holeCards, f.cards)) return false;
  if (f.result === 'won' && row.net <= 0) return false;
  if (f.result === 'lost' && row.net >= 0) return false;
  if (f.result === 'even' && row.net !== 0) return false;
  if (f.minPot !== undefined && row.pot < f.minPot) return false;
  if (f.maxPot !== undefined && row.pot > f.maxPot) return false;
  return true;
}
