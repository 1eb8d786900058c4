// Tournaments of the mocks (player and back office): fixtures parsed with the contract, and the
// derived figures the server computes (entrants, players left, prize pool, places) so the
// handlers answer like src/server/services/tournaments.ts.
import { TournamentDetail, type CreateTournamentBody, type TournamentEntrant, type TournamentSummary } from '../src/shared/api';
import { DEFAULT_PAYOUT_TABLE, HEADS_UP_SNG, REGULAR_MTT, TURBO_SNG, prizes } from '../src/poker/tournament';

/** A stored tournament: the detail as the server would answer it to a signed-out viewer. */
export type MockTournament = TournamentDetail;

const LIVE = new Set<TournamentEntrant['status']>(['registered', 'playing']);
const COUNTED = new Set<TournamentEntrant['status']>(['registered', 'playing', 'busted']);

export function entrant(over: Partial<TournamentEntrant> & { entryId: number; userId: number; username: string }): TournamentEntrant {
  return { isBot: false, entryNo: 1, status: 'registered', chips: 0, place: null, prize: 0, tableId: null, rebuys: 0, addon: false, ...over };
}

/** Entrants, players left, prize pool and places recomputed from the entries (as the server's query does). */
export function recompute(t: MockTournament): MockTournament {
  // The server's order: places last (best first after the players still in), chips, entry.
  const counted = t.entries.filter((e) => COUNTED.has(e.status)).sort((a, b) => (a.place ?? 0) - (b.place ?? 0) || b.chips - a.chips || a.entryId - b.entryId);
  const pool = Math.max(counted.length * t.buyIn, t.guarantee);
  return TournamentDetail.parse({
    ...t,
    entries: counted,
    entrants: counted.length,
    playersLeft: counted.filter((e) => LIVE.has(e.status)).length,
    prizePool: pool,
    places: prizes(pool, Math.max(counted.length, 1), t.payoutTable).map((amount, i) => ({ place: i + 1, amount })),
  });
}

/** The detail for one viewer (`registered` is theirs). */
export function detailFor(t: MockTournament, viewer: number | null): TournamentDetail {
  return {
    ...t,
    registered: viewer !== null && t.entries.some((e) => e.userId === viewer && LIVE.has(e.status)),
    bustedEntries: viewer === null ? 0 : t.entries.filter((e) => e.userId === viewer && e.status === 'busted').length,
  };
}

/** The list row for one viewer. */
export function summaryFor(t: MockTournament, viewer: number | null): TournamentSummary {
  const { structure: _s, payoutTable: _p, places: _pl, entries: _en, level: _l, levelEndsAt: _e, tables: _t, ...rest } = detailFor(t, viewer);
  return rest;
}

/** `?status=registering,running&kind=` of the list routes. */
export function listFilter(url: URL): (t: MockTournament) => boolean {
  const status = url.searchParams.get('status')?.split(',').filter(Boolean) ?? [];
  const kind = url.searchParams.get('kind');
  return (t) => (status.length === 0 || status.includes(t.status)) && (!kind || t.kind === kind);
}

/** A new tournament from a create body (the server's defaults). */
export function fromCreateBody(id: number, b: CreateTournamentBody): MockTournament {
  return makeTournament({
    id,
    name: b.name,
    kind: b.kind,
    variant: b.variant,
    startsAt: b.startsAt,
    buyIn: b.buyIn,
    fee: b.fee,
    startingStack: b.startingStack,
    tableSize: b.tableSize,
    minEntrants: b.minEntrants,
    maxEntrants: b.maxEntrants,
    guarantee: b.guarantee,
    lateRegLevels: b.lateRegLevels,
    reentryMax: b.reentryMax,
    rebuyLevels: b.rebuyLevels,
    rebuyMax: b.rebuyMax,
    addonChips: b.addonChips,
    structure: b.structure,
    payoutTable: b.payoutTable ?? DEFAULT_PAYOUT_TABLE.map((band) => ({ maxEntrants: band.maxEntrants, percents: [...band.percents] })),
  });
}

const { name: _n, startingStack: _ss, tableSize: _ts, ...turbo } = TURBO_SNG;
const defaultPayouts = () => DEFAULT_PAYOUT_TABLE.map((band) => ({ maxEntrants: band.maxEntrants, percents: [...band.percents] }));

export function makeTournament(over: Partial<MockTournament> & { id: number }): MockTournament {
  return recompute({
    name: `Tournament ${over.id}`,
    kind: 'sng',
    variant: 'NT',
    status: 'registering',
    startsAt: null,
    startedAt: null,
    finishedAt: null,
    buyIn: 20_000,
    fee: 2000,
    startingStack: TURBO_SNG.startingStack,
    tableSize: 9,
    minEntrants: 2,
    maxEntrants: 9,
    entrants: 0,
    entries: [],
    playersLeft: 0,
    prizePool: 0,
    guarantee: 0,
    lateRegLevels: 0,
    reentryMax: 0,
    cancelReason: null,
    registered: false,
    lateRegOpen: false,
    lateRegEndsAt: null,
    bustedEntries: 0,
    rebuyLevels: 0,
    rebuyMax: 0,
    addonChips: 0,
    rebuyOpen: false,
    addonOpen: false,
    structure: { levels: turbo.levels.map((l) => ({ ...l })) },
    payoutTable: defaultPayouts(),
    places: [],
    level: null,
    levelEndsAt: null,
    tables: [],
    ...over,
  });
}

const NAMES = ['tsetsgee', 'temuujin', 'saraa', 'dorj', 'naraa', 'bold', 'oyunaa', 'ganbat', 'khulan', 'munkh', 'enkhee', 'batbayar'];

/**
 * Four tournaments: a turbo sit & go filling up (bataa not in), a scheduled MTT with a guarantee
 * (bataa registered), a running MTT with bataa at table 5, and a finished heads-up.
 */
export function sampleTournaments(now = Date.UTC(2026, 10, 20, 12, 0)): MockTournament[] {
  const iso = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
  const { name: _m, startingStack: _mss, tableSize: _mts, ...mtt } = REGULAR_MTT;
  const { name: _h, startingStack: _hss, tableSize: _hts, ...hu } = HEADS_UP_SNG;
  const others = (from: number, n: number, over: (i: number) => Partial<TournamentEntrant> = () => ({})) =>
    Array.from({ length: n }, (_, i) => entrant({ entryId: from + i, userId: 10 + i, username: NAMES[i % NAMES.length], ...over(i) }));
  const running = others(300, 11, (i) => ({
    status: i < 8 ? 'playing' : 'busted',
    chips: i < 8 ? 14_000 - i * 500 : 0,
    place: i < 8 ? null : 20 - i,
    tableId: i < 8 ? (i % 2 ? 5 : 6) : null,
  }));
  running.splice(2, 0, entrant({ entryId: 399, userId: 1, username: 'bataa', status: 'playing', chips: 13_250, tableId: 5 }));
  return [
    makeTournament({ id: 1, name: 'Turbo 20K', entries: others(100, 5, () => ({ chips: 1500 })) }),
    makeTournament({
      id: 2,
      name: 'Sunday Million',
      kind: 'mtt',
      startsAt: iso(60 * 26),
      buyIn: 100_000,
      fee: 10_000,
      startingStack: REGULAR_MTT.startingStack,
      minEntrants: 10,
      maxEntrants: 500,
      guarantee: 10_000_000,
      lateRegLevels: 6,
      structure: { levels: mtt.levels.map((l) => ({ ...l })) },
      entries: [entrant({ entryId: 200, userId: 1, username: 'bataa', chips: 10_000 }), ...others(201, 3, () => ({ chips: 10_000 }))],
    }),
    makeTournament({
      id: 3,
      name: 'Daily 50K',
      kind: 'mtt',
      status: 'running',
      startsAt: iso(-45),
      startedAt: iso(-45),
      buyIn: 50_000,
      fee: 5000,
      startingStack: REGULAR_MTT.startingStack,
      minEntrants: 6,
      maxEntrants: 100,
      structure: { levels: mtt.levels.map((l) => ({ ...l })) },
      entries: running,
      level: 3,
      levelEndsAt: iso(7),
      tables: [
        { tableId: 5, players: 5 },
        { tableId: 6, players: 4 },
      ],
    }),
    makeTournament({
      id: 4,
      name: 'Heads-up 10K',
      status: 'finished',
      tableSize: 2,
      maxEntrants: 2,
      buyIn: 10_000,
      fee: 1000,
      startingStack: HEADS_UP_SNG.startingStack,
      startedAt: iso(-300),
      finishedAt: iso(-280),
      structure: { levels: hu.levels.map((l) => ({ ...l })) },
      entries: [
        entrant({ entryId: 400, userId: 1, username: 'bataa', status: 'busted', place: 1, prize: 20_000 }),
        entrant({ entryId: 401, userId: 11, username: 'temuujin', status: 'busted', place: 2 }),
      ],
    }),
  ];
}
