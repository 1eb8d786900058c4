// Ready-made structures, as data. Copy and edit freely (e.g. `{ ...TURBO_SNG, tableSize: 6 }`).
import type { BlindLevel, StructureEntry, TournamentStructure } from './structure';

const lv = (level: number, smallBlind: number, bigBlind: number, ante: number, durationSec: number, bigBlindAnte = false): BlindLevel =>
  bigBlindAnte ? { level, smallBlind, bigBlind, ante, bigBlindAnte, durationSec } : { level, smallBlind, bigBlind, ante, durationSec };

/** Turbo sit&go: 1,500 chips, 5-minute levels, antes from level 5, no breaks. */
export const TURBO_SNG: TournamentStructure = {
  name: 'Turbo sit&go',
  startingStack: 1500,
  tableSize: 9,
  levels: [
    [10, 20, 0],
    [15, 30, 0],
    [25, 50, 0],
    [50, 100, 0],
    [75, 150, 10],
    [100, 200, 20],
    [150, 300, 30],
    [200, 400, 40],
    [300, 600, 60],
    [400, 800, 80],
    [600, 1200, 120],
    [800, 1600, 160],
    [1000, 2000, 200],
    [1500, 3000, 300],
  ].map(([sb, bb, ante], i) => lv(i + 1, sb, bb, ante, 300)),
};

const MTT_BLINDS: readonly (readonly [number, number])[] = [
  [25, 50],
  [50, 100],
  [75, 150],
  [100, 200],
  [150, 300],
  [200, 400],
  [250, 500],
  [300, 600],
  [400, 800],
  [500, 1000],
  [600, 1200],
  [800, 1600],
  [1000, 2000],
  [1200, 2400],
  [1500, 3000],
  [2000, 4000],
  [2500, 5000],
  [3000, 6000],
  [4000, 8000],
  [5000, 10000],
  [6000, 12000],
  [8000, 16000],
  [10000, 20000],
  [12500, 25000],
  [15000, 30000],
  [20000, 40000],
  [25000, 50000],
  [30000, 60000],
  [40000, 80000],
  [50000, 100000],
];

function mttLevels(): StructureEntry[] {
  const out: StructureEntry[] = [];
  MTT_BLINDS.forEach(([sb, bb], i) => {
    // Big-blind ante (equal to the big blind) from level 4; a 5-minute break after every 6 levels.
    out.push(lv(i + 1, sb, bb, i >= 3 ? bb : 0, 900, i >= 3));
    if ((i + 1) % 6 === 0 && i + 1 < MTT_BLINDS.length) out.push({ breakSec: 300 });
  });
  return out;
}

/** Regular multi-table tournament: 10,000 chips, 15-minute levels, big-blind ante from level 4. */
export const REGULAR_MTT: TournamentStructure = {
  name: 'Regular MTT',
  startingStack: 10000,
  tableSize: 9,
  levels: mttLevels(),
};

/** Heads-up sit&go: two players, 1,000 chips, 3-minute levels. */
export const HEADS_UP_SNG: TournamentStructure = {
  name: 'Heads-up sit&go',
  startingStack: 1000,
  tableSize: 2,
  levels: [
    [10, 20],
    [15, 30],
    [20, 40],
    [30, 60],
    [40, 80],
    [50, 100],
    [75, 150],
    [100, 200],
    [150, 300],
    [200, 400],
  ].map(([sb, bb], i) => lv(i + 1, sb, bb, 0, 180)),
};
