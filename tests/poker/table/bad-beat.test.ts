// The bad-beat jackpot of the cash-table core: which hands qualify, and how the whole jackpot is
// shared (the server's jackpot suite checks the same split through the ledger).
import { describe, expect, it } from 'vitest';
import { findBadBeat, jackpotBonuses } from '../../../src/poker/table';
import { playDown } from '../../support/rigged-hand';
import { tableConfig } from '../../support/table-body';

const config = tableConfig({ tableId: 0, name: 'jp', minBuyIn: 1000 });

describe('bad beat detection', () => {
  it('quads with both hole cards losing to a straight flush is a bad beat', () => {
    const run = playDown(config, ['9d9c', 'JhTh', '2s3s'], '9s9h8h7h2c');
    expect(findBadBeat(run)).toEqual({ loserUserId: 100, winnerUserId: 101, others: [102] });
  });

  it('is not a bad beat when the board makes the quads (one hole card or none plays)', () => {
    expect(findBadBeat(playDown(config, ['9dKc', 'AhAd', '2s3s'], '9s9h9c4hKd'))).toBeNull();
    expect(findBadBeat(playDown(config, ['AsKc', 'Th8h', '2s3s'], '9s9h9c9dJh'))).toBeNull();
  });

  it('Omaha: quads losing to a straight flush qualifies (Omaha always plays two hole cards)', () => {
    const run = playDown({ ...config, variant: 'PO' }, ['9d9cAsKs', 'JhTh2d3d', '4c4s5c5s'], '9s9h8h7h2c');
    expect(findBadBeat(run)).toEqual({ loserUserId: 100, winnerUserId: 101, others: [102] });
  });

  it('a full house losing is not a bad beat', () => {
    expect(findBadBeat(playDown(config, ['KdKc', 'AhAd', '2s3s'], 'KsAs7h7c2c'))).toBeNull();
  });
});

describe('jackpot split', () => {
  const bb = { loserUserId: 1, winnerUserId: 2, others: [3, 4] };
  it('half to the loser, a quarter to the winner, a quarter shared; the odd tugrik to the loser', () => {
    // 100,002: 50,001 + 25,000, and 25,001 shared by two: 12,500 each, the odd one to the loser.
    expect(jackpotBonuses(100_002, bb)).toEqual([
      { userId: 1, amount: 50_001 + 1 },
      { userId: 2, amount: 25_000 },
      { userId: 3, amount: 12_500 },
      { userId: 4, amount: 12_500 },
    ]);
  });
  it('heads-up: the third share goes to the loser too; empty shares are left out', () => {
    expect(jackpotBonuses(10, { loserUserId: 1, winnerUserId: 2, others: [] })).toEqual([
      { userId: 1, amount: 8 },
      { userId: 2, amount: 2 },
    ]);
    expect(jackpotBonuses(1, { loserUserId: 1, winnerUserId: 2, others: [] })).toEqual([{ userId: 1, amount: 1 }]);
  });
});
