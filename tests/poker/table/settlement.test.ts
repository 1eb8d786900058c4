// A completed hand as one value: every chip it moves comes out even, its record names who played,
// its hand history replays to its own result; and each seat's life around a hand.
import { describe, expect, it } from 'vitest';
import { compareFinishingStacks, parsePhh, replayHand } from '../../../src/poker';
import {
  TIME_BANK_MAX,
  TIME_BANK_START,
  cashAfterHand,
  handMoves,
  keptSeatAfterHand,
  settledSeat,
  settlementOf,
  timeBankAfterMove,
  turnClock,
  voidedSeat,
  type SeatState,
} from '../../../src/poker/table';
import { playDown } from '../../support/rigged-hand';
import { tableConfig } from '../../support/table-body';

const config = tableConfig({ tableId: 1, name: 'Khangai', minBuyIn: 1000, rakeCap: 300 });
const names = [0, 1, 2].map((seat) => ({ seat, userId: 100 + seat, username: `p${seat}`, isBot: seat === 2 }));

describe('the settlement value', () => {
  const run = playDown(config, ['AsAd', 'KsKd', '2c3c'], 'Ah7d8c9sJd');
  const { settlement, fair } = settlementOf({ ...config, tournament: null }, names, run);

  it('moves every chip of the hand once: the losses pay the wins, the rake and the jackpot', () => {
    const moves = handMoves(settlement);
    const losses = moves.filter((m) => m.kind === 'GAMEPLAY_LOSS').reduce((a, m) => a + m.amount, 0);
    const out = moves.filter((m) => m.kind !== 'GAMEPLAY_LOSS').reduce((a, m) => a + m.amount, 0);
    expect(losses).toBe(out);
    expect(moves).toEqual([
      { key: 'hand:1:loss:101', kind: 'GAMEPLAY_LOSS', userId: 101, amount: 100 },
      { key: 'hand:1:loss:102', kind: 'GAMEPLAY_LOSS', userId: 102, amount: 100 },
      { key: 'hand:1:win:100', kind: 'GAMEPLAY_WIN', userId: 100, amount: 182 },
      { key: 'hand:1:rake', kind: 'RAKE', amount: 15 },
      { key: 'hand:1:jackpot', kind: 'JACKPOT_CONTRIBUTION', amount: 3 },
    ]);
    expect(new Set(moves.map((m) => m.key)).size).toBe(moves.length);
  });

  it('names who played, what they held and won, and is no bad beat', () => {
    expect(settlement.players.map((p) => [p.userId, p.seat, p.isBot, p.startStack, p.endStack])).toEqual([
      [100, 0, false, 5000, 5182],
      [101, 1, false, 5000, 4900],
      [102, 2, true, 5000, 4900],
    ]);
    const summary = settlement.summary as { players: Array<{ username: string; cards: string[] }>; board: string[] };
    expect(summary.players.map((p) => p.username)).toEqual(['p0', 'p1', 'p2']);
    expect(summary.board).toEqual(['Ah', '7d', '8c', '9s', 'Jd']);
    expect(settlement.badBeat).toBeNull();
    // A rigged deck has no commitment: nothing to open, and the seed stays secret.
    expect(fair.seedPublic).toBe(false);
  });

  it('its hand history replays, with the recorded cut, to its own finishing stacks', () => {
    const parsed = parsePhh(settlement.phh);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.hand.fields.players).toEqual(['p0', 'p1', 'p2']);
    expect(parsed.hand.fields.currency).toBe('MNT');
    const replay = replayHand(parsed.hand);
    if (!replay.ok) throw new Error(replay.error);
    expect(compareFinishingStacks(parsed.hand, replay.state.stacks)).toMatchObject({ matches: true });
  });

  it("a tournament's hand carries its event and level and no currency", () => {
    const t = settlementOf({ ...config, tournament: { event: 'Naadam Cup', level: 3 } }, names, run).settlement;
    const fields = (parsePhh(t.phh) as { ok: true; hand: { fields: Record<string, unknown> } }).hand.fields;
    expect([fields.event, fields.level, fields.currency]).toEqual(['Naadam Cup', 3, undefined]);
  });
});

const seat = (over: Partial<SeatState> = {}): SeatState => ({
  seat: 0,
  userId: 1,
  isBot: false,
  stack: 1000,
  status: 'ACTIVE',
  waitingForBigBlind: false,
  postBlind: false,
  missedBlind: false,
  sittingOutSince: null,
  timeBank: TIME_BANK_START,
  handsSinceRefill: 0,
  consecutiveTimeouts: 0,
  leaving: false,
  sitOutAfterHand: false,
  pendingChips: 0,
  ...over,
});

describe('a seat around a hand', () => {
  it('takes its settled stack plus chips bought during the hand; every tenth hand refills the time bank', () => {
    expect(settledSeat(seat({ pendingChips: 500, handsSinceRefill: 3 }), 800)).toEqual({
      stack: 1300,
      pendingChips: 0,
      handsSinceRefill: 4,
      timeBank: TIME_BANK_START,
    });
    expect(settledSeat(seat({ handsSinceRefill: 9, timeBank: 1000 }), 800)).toMatchObject({ handsSinceRefill: 0, timeBank: 6000 });
    expect(settledSeat(seat({ handsSinceRefill: 9, timeBank: TIME_BANK_MAX }), 800).timeBank).toBe(TIME_BANK_MAX);
    expect(voidedSeat(seat({ pendingChips: 200 }), 1000)).toEqual({ stack: 1200, pendingChips: 0 });
  });

  it('has the action time, then its time bank; a late move spends the bank', () => {
    expect(turnClock(1_000, 20, seat({ timeBank: 30_000 }))).toEqual({ turnStartedAt: 1_000, actionDeadline: 21_000, timeBankDeadline: 51_000 });
    expect(turnClock(1_000, 20, seat({ isBot: true })).timeBankDeadline).toBe(21_000);
    expect(timeBankAfterMove(30_000, 21_000, 20_000)).toBe(30_000);
    expect(timeBankAfterMove(30_000, 21_000, 26_000)).toBe(25_000);
    expect(timeBankAfterMove(3_000, 21_000, 26_000)).toBe(0);
  });

  it('after the hand at a cash table: leavers go, the busted and twice timed out sit out', () => {
    expect(cashAfterHand(seat({ leaving: true }), true)).toEqual({ leave: 'LEFT' });
    expect(cashAfterHand(seat({ leaving: true, isBot: true }), false)).toEqual({ leave: 'SIMULATION_STOPPED' });
    expect(cashAfterHand(seat({ stack: 0 }), true)).toEqual({ sitOut: true });
    expect(cashAfterHand(seat({ stack: 0, isBot: true }), true)).toEqual({ sitOut: false });
    expect(cashAfterHand(seat({ consecutiveTimeouts: 2 }), true)).toEqual({ sitOut: true });
    expect(cashAfterHand(seat(), true)).toEqual({ sitOut: false });
  });

  it('where seats are kept (tournaments) nobody leaves: a leaver sits out, a busted player stays for the director', () => {
    expect(keptSeatAfterHand(seat({ leaving: true }))).toEqual({ sitOut: true });
    expect(keptSeatAfterHand(seat({ stack: 0 }))).toEqual({ sitOut: false });
  });
});
