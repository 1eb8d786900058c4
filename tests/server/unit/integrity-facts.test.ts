// The integrity job's reading of one hand (docs/integrity.md): PHH actions with their streets and
// decision times, who put money in voluntarily, who raised and re-raised, who folded a strong hand
// to whom, where the money went, all-in equity, and the detectors' bars on plain numbers.
import { describe, expect, it } from 'vitest';
import { allinResults } from '../../../src/server/integrity/allin';
import { emptyActivity, emptyPair, emptyPlayer } from '../../../src/server/integrity/counters';
import { handFacts, isStrong } from '../../../src/server/integrity/hand-facts';
import { linkedAccounts } from '../../../src/server/integrity/links';
import { actionsFromPhh, type HandRecord, handRecordOf, phhBigBlind } from '../../../src/server/integrity/record';
import { binomialZ, botLike, chipDumping, type PairContext, softPlay, squeeze, tournamentDumping } from '../../../src/server/integrity/signals';

const PHH = `variant = "NT"
actions = [
  "d dh p1 AsAd", "d dh p2 7c2d", "d dh p3 KhKd",
  "p3 cbr 300", "p1 cbr 900", "p2 f", "p3 cc",
  "d db Ks8h2c",
  "p1 cbr 1200", "p3 cbr 4000", "p1 f",
]`;

const hand = (over: Partial<HandRecord> = {}): HandRecord => ({
  id: 9,
  tableId: 1,
  at: 0,
  game: 'texas',
  bigBlind: 100,
  tournament: false,
  players: [
    { userId: 1, isBot: false, start: 10_000, end: 7_900, cards: ['As', 'Ad'], shown: false },
    { userId: 2, isBot: false, start: 10_000, end: 9_900, cards: ['7c', '2d'], shown: false },
    { userId: 3, isBot: false, start: 10_000, end: 12_200, cards: ['Kh', 'Kd'], shown: false },
  ],
  board: ['Ks', '8h', '2c'],
  actions: actionsFromPhh(PHH, [800, 300, 2500, 1200, 900, 4000, 6000]),
  ...over,
});

describe('one hand, read by the integrity job', () => {
  it('parses the betting with streets and decision times', () => {
    const a = actionsFromPhh(PHH, [800, 300]);
    expect(a.map((x) => `${x.p}${x.kind}${x.street}`)).toEqual(['2cbr0', '0cbr0', '1f0', '2cc0', '0cbr1', '2cbr1', '0f1']);
    expect(a[0]).toMatchObject({ to: 300, ms: 800 });
    expect(a[2].ms).toBeNull();
  });

  it("takes a tournament hand's big blind from its PHH (the level's), a cash hand's from its table", () => {
    expect(phhBigBlind('blinds_or_straddles = [400, 200, 0]')).toBe(400);
    expect(phhBigBlind('variant = "NT"')).toBeNull();
    const row = { id: 1, table_id: 2, ended_at: null, summary: { players: hand().players.map((p) => ({ ...p, startStack: p.start, endStack: p.end })) } };
    const phh = `blinds_or_straddles = [50, 100, 0]\n${PHH}`;
    expect(handRecordOf({ ...row, phh: phh.replace('[50, 100', '[300, 600'), variant: 'NT', big_blind: 100, tournament_id: 5 })!.bigBlind).toBe(600);
    expect(handRecordOf({ ...row, phh, variant: 'NT', big_blind: 100, tournament_id: null })!.bigBlind).toBe(100);
  });

  it('knows VPIP, raises, 3-bets, strong folds and the flow of money', () => {
    const f = handFacts(hand());
    // Only p1 and p3 saw the flop: heads-up.
    expect(f.flopPairs).toEqual([{ a: 0, b: 2, aggr: true, headsUp: true }]);
    expect(f.players.map((p) => [p.vpip, p.pfr, p.threeBet])).toEqual([
      [true, true, true],
      [false, false, false],
      [true, true, false],
    ]);
    expect(f.players[0].strongFoldTo).toEqual([]); // a pair of aces under a set is not "two pair or better"
    expect(f.players[2].sawFlop && !f.players[1].sawFlop).toBe(true);
    expect(f.flows).toEqual([
      { from: 0, to: 2, amount: 2_100 },
      { from: 1, to: 2, amount: 100 },
    ]);
    expect(f.players[0].decisions).toEqual([
      [300, true],
      [900, false],
      [6000, true],
    ]);
  });

  it('calls QQ+ and AK strong preflop, two pair or better after', () => {
    expect(isStrong(['Qs', 'Qd'], [], 0)).toBe(true);
    expect(isStrong(['As', 'Kd'], [], 0)).toBe(true);
    expect(isStrong(['Js', 'Jd'], [], 0)).toBe(false);
    expect(isStrong(['8s', '2d'], ['8h', '2c', 'Kd'], 1)).toBe(true);
  });

  it('gives an all-in before the river its equity', () => {
    const h = hand({
      board: ['Ks', '8h', '2c', '3d', '4s'],
      actions: [
        { p: 0, street: 0, kind: 'cbr', to: 10_000, ms: 1 },
        { p: 1, street: 0, kind: 'f', ms: 1 },
        { p: 2, street: 0, kind: 'cc', ms: 1 },
      ],
      players: [
        { userId: 1, isBot: false, start: 10_000, end: 0, cards: ['As', 'Ad'], shown: true },
        { userId: 2, isBot: false, start: 10_000, end: 9_950, cards: ['7c', '2d'], shown: false },
        { userId: 3, isBot: false, start: 10_000, end: 20_050, cards: ['Kh', 'Kd'], shown: true },
      ],
    });
    const [aces, kings] = allinResults(h)!;
    expect(aces.ev).toBeGreaterThan(5_000); // about 82 % against kings
    expect(aces.actual).toBe(-10_000);
    expect(kings.ev).toBeCloseTo(-aces.ev);
  });
});

describe('squeeze spots', () => {
  it('marks a raise answered by another with a third player caught between, and who was squeezed out', () => {
    // p3 raises, p1 re-raises with p2 still in (a spot for p1 from p3), p2 folds; on the flop p1
    // bets and p3 raises heads-up (no third player: no spot).
    const f = handFacts(hand());
    expect(f.squeezes).toEqual([
      { raiser: 2, actor: 0, reraise: true, squeezedOut: true },
      { raiser: 0, actor: 1, reraise: false, squeezedOut: false },
    ]);
  });
});

describe('squeeze spots and all-in players', () => {
  it('does not count a player who is all in as caught between a raise and a re-raise', () => {
    // p3 (index 2) shoves a short stack preflop, p1 raises over it (p2 caught: a spot), p2 re-raises
    // p1 with only p3 left between them, all in: no spot.
    const h = hand({
      players: [
        { userId: 1, isBot: false, start: 10_000, end: 9_000, cards: ['7s', '7d'], shown: false },
        { userId: 2, isBot: false, start: 10_000, end: 11_500, cards: ['9c', '9d'], shown: false },
        { userId: 3, isBot: false, start: 500, end: 0, cards: ['Qh', 'Jd'], shown: false },
      ],
      actions: [
        { p: 2, street: 0, kind: 'cbr', to: 500, ms: 1 },
        { p: 0, street: 0, kind: 'cbr', to: 1000, ms: 1 },
        { p: 1, street: 0, kind: 'cbr', to: 3000, ms: 1 },
        { p: 0, street: 0, kind: 'f', ms: 1 },
      ],
    });
    const raisedAgain = (f: ReturnType<typeof handFacts>) => f.squeezes.filter((s) => s.reraise).map((s) => [s.raiser, s.actor]);
    expect(raisedAgain(handFacts(h))).toEqual([[2, 0]]);
    expect(handFacts(h).squeezes.some((s) => s.raiser === 0 && s.actor === 1)).toBe(false);
    // The same betting with a deep third stack: p2's re-raise of p1 catches p3 between them.
    const deep = handFacts({ ...h, players: h.players.map((p, i) => (i === 2 ? { ...p, start: 10_000 } : p)) });
    expect(raisedAgain(deep)).toEqual([
      [2, 0],
      [0, 1],
    ]);
  });
});

describe('the detectors on plain numbers', () => {
  const ctx = (spots: number, raises: number, over: Partial<PairContext> = {}): PairContext => ({
    handsOf: () => 0,
    flopsOf: () => ({ flops: 0, aggr: 0, huFlops: 0, huAggr: 0 }),
    squeezeOf: () => ({ spots, raises }),
    edgeOf: () => ({ net: 0, opponents: 0 }),
    totalHands: 0,
    ...over,
  });

  it('squeeze: a pair re-raising each other around a third player far above their own rate flags', () => {
    const team = { ...emptyPair(), sqzSpotsAB: 40, sqzRaisesAB: 25, sqzSpotsBA: 40, sqzRaisesBA: 24, sqzOut: 30, sqzHandIds: [7] };
    // Each re-raises 10 % of other players' raises in the same spot.
    const s = squeeze(1, 2, team, ctx(1040, 125))!;
    expect(s.score).toBeGreaterThanOrEqual(50);
    expect(s.evidence).toMatchObject({ hands: [7], reasons: ['whipsaw'], expected: { reraiseBetween: 0.1 } });
    const usual = { ...emptyPair(), sqzSpotsAB: 40, sqzRaisesAB: 5, sqzSpotsBA: 40, sqzRaisesBA: 4 };
    expect(squeeze(1, 2, usual, ctx(1040, 105))!.score).toBe(0);
    expect(squeeze(1, 2, { ...usual, sqzSpotsAB: 5, sqzSpotsBA: 5 }, ctx(1040, 105))).toBeNull();
  });

  it('the deviance z is the usual z near the middle and stays honest for rare events', () => {
    expect(binomialZ(60, 100, 50)).toBeCloseTo(2, 0);
    expect(binomialZ(50, 100, 50)).toBe(0);
    // Six where one is expected: a normal z says 5, the tail is ~1 in 1,700.
    expect(binomialZ(6, 100, 1)).toBeLessThan(4);
  });

  it('tournament chip dumping: the flow in big blinds, apart from cash, over tournament hands together only', () => {
    const dump = { ...emptyPair(), together: 60, tTogether: 60, tAToB: 60 * 8, tFlowSq: 60 * 64 };
    const s = tournamentDumping(1, 2, dump, ctx(0, 0))!;
    expect(s).toMatchObject({ kind: 'tournament_dumping', userIds: [1, 2] });
    expect(s.score).toBeGreaterThanOrEqual(50);
    expect(s.evidence.figures.handsTogether).toBe(60);
    expect(chipDumping(1, 2, dump, ctx(0, 0))).toBeNull();
    // Hundreds of cash hands together and a handful of tournament hands: too few to tell.
    expect(tournamentDumping(1, 2, { ...dump, together: 400, tTogether: 12 }, ctx(0, 0))).toBeNull();
  });

  it('chip dumping: a steady one-way flow flags, a balanced one does not', () => {
    const oneWay = { ...emptyPair(), together: 100, aToB: 100 * 500, flowSq: 100 * 500 * 500 };
    expect(chipDumping(1, 2, oneWay, ctx(0, 0))!.score).toBeGreaterThanOrEqual(50);
    expect(chipDumping(1, 2, oneWay, ctx(0, 0))!.userIds).toEqual([1, 2]);
    const even = { ...emptyPair(), together: 100, aToB: 50 * 500, bToA: 48 * 500, flowSq: 98 * 500 * 500 };
    expect(chipDumping(1, 2, even, ctx(0, 0))!.score).toBe(0);
  });

  it('chip dumping: a flow that the winner wins from everyone is skill, one from a single account is not', () => {
    // 1,000 cash hands together, 150 chips a hand from 1 to 2 (z 7.5 on its own).
    const pair = { ...emptyPair(), together: 1000, aToB: 150_000, flowSq: 1000 * 400 * 400 };
    // 2 wins 150 a hand from each of 40,000 other opponents dealt in with them; 1 loses as much.
    const strong = (u: number) => (u === 2 ? { net: 150_000 + 40_000 * 150, opponents: 41_000 } : { net: -150_000 - 40_000 * 150, opponents: 41_000 });
    const skill = chipDumping(1, 2, pair, ctx(0, 0, { edgeOf: strong }))!;
    expect(skill.evidence.figures.skillExplained).toBeGreaterThan(100_000);
    expect(skill.score).toBeLessThan(50);
    // 2 wins from 1 only (breaks even on the field): the whole flow is unexplained.
    const onlyFromOne = (u: number) => (u === 2 ? { net: 150_000, opponents: 41_000 } : { net: -150_000, opponents: 41_000 });
    const dump = chipDumping(1, 2, pair, ctx(0, 0, { edgeOf: onlyFromOne }))!;
    expect(dump.evidence.figures.skillExplained).toBe(0);
    expect(dump.score).toBeGreaterThanOrEqual(50);
  });

  it('soft play: a handful of flops together cannot flag, a long record of no bets between them does', () => {
    // Each bets on 60 % of the flops they see without the other.
    const flops = () => ({ flops: 2000, aggr: 1200, huFlops: 0, huAggr: 0 });
    const few = { ...emptyPair(), bothFlop: 20, bothFlopAggr: 8, bothFlopBetA: 4, bothFlopBetB: 4 };
    expect(softPlay(1, 2, few, ctx(0, 0, { flopsOf: flops }))!.score).toBeLessThan(50);
    const many = { ...emptyPair(), bothFlop: 120, bothFlopAggr: 30, bothFlopBetA: 20, bothFlopBetB: 15 };
    const s = softPlay(1, 2, many, ctx(0, 0, { flopsOf: flops }))!;
    expect(s.score).toBeGreaterThanOrEqual(50);
    expect(s.evidence.expected.aggressionBetween).toBeGreaterThan(0.8);
  });

  it('soft play: a pair that checks it down heads-up flags even when they bet into each other in multiway pots', () => {
    // Each bets on 60 % of all flops and 70 % of heads-up flops without the other.
    const flops = () => ({ flops: 2000, aggr: 1200, huFlops: 400, huAggr: 280 });
    const multiway = { ...emptyPair(), bothFlop: 100, bothFlopAggr: 70, bothFlopBetA: 45, bothFlopBetB: 40 };
    const checkDown = { ...multiway, huFlop: 30, huFlopAggr: 1, huFlopBetA: 1, huFlopBetB: 0 };
    const s = softPlay(1, 2, checkDown, ctx(0, 0, { flopsOf: flops }))!;
    expect(s.score).toBeGreaterThanOrEqual(50);
    expect(s.evidence.figures).toMatchObject({ headsUpFlops: 30, headsUpAggression: 0.03 });
    expect(s.evidence.expected.headsUpAggression).toBeGreaterThan(0.85);
    // Betting heads-up as usual: nothing; and fewer than 20 heads-up flops are not looked at apart.
    expect(softPlay(1, 2, { ...multiway, huFlop: 30, huFlopAggr: 26, huFlopBetA: 20, huFlopBetB: 19 }, ctx(0, 0, { flopsOf: flops }))!.score).toBeLessThan(50);
    expect(softPlay(1, 2, { ...checkDown, huFlop: 12, huFlopAggr: 0 }, ctx(0, 0, { flopsOf: flops }))!.score).toBeLessThan(50);
  });

  it('bots: metronome timing flags, a human spread that slows facing bets does not', () => {
    const timed = (mean: number, sd: number, facingMean: number) => ({
      ...emptyPlayer(),
      dN: 400,
      dSum: 400 * mean,
      dSumSq: 400 * (sd * sd + mean * mean),
      dFacingN: 200,
      dFacingSum: 200 * facingMean,
    });
    expect(botLike(1, timed(1000, 50, 1000), emptyActivity())!.evidence.reasons).toEqual(['regular_timing', 'timing_unrelated']);
    expect(botLike(1, timed(4000, 3000, 5500), emptyActivity())!.score).toBe(0);
  });

  it('linked accounts: a shared device flags, a carrier address shared by many does not', () => {
    const logins = [1, 2, 3, 4, 5, 6].map((userId) => ({ userId, ip: '100.64.0.1', device: userId <= 2 ? 'phone-123456' : `d-${userId}-xxxxxxxx` }));
    const found = linkedAccounts(logins, []);
    expect(found.map((s) => [s.userIds, s.score])).toEqual([[[1, 2], 60]]);
  });
});
