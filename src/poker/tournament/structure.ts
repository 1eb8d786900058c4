// Blind structure as data: levels and breaks, starting stack, table size; and the level clock.
// The clock is injected: `elapsedMs` is playing time, and pausing is the caller's business (it
// simply does not count paused time).
import { validation, type Validation } from './types';

export interface BlindLevel {
  /** Level number as announced (1, 2, ...). */
  readonly level: number;
  readonly smallBlind: number;
  readonly bigBlind: number;
  /** Per-player ante, or with `bigBlindAnte` the one ante the big blind posts for the table. */
  readonly ante: number;
  readonly bigBlindAnte?: boolean;
  readonly durationSec: number;
}

export interface BreakEntry {
  readonly breakSec: number;
}

export type StructureEntry = BlindLevel | BreakEntry;

export type TableSize = 2 | 6 | 9;

export interface TournamentStructure {
  readonly name: string;
  readonly startingStack: number;
  readonly tableSize: TableSize;
  /** Levels and breaks in order. The last entry is a level and lasts for ever. */
  readonly levels: readonly StructureEntry[];
}

export const isBreak = (e: StructureEntry): e is BreakEntry => 'breakSec' in e;

const posInt = (x: unknown): boolean => typeof x === 'number' && Number.isSafeInteger(x) && x > 0;
const natInt = (x: unknown): boolean => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;

function levelErrors(e: BlindLevel, where: string): string[] {
  const errors: string[] = [];
  if (!posInt(e.level)) errors.push(`${where}: level number must be a positive integer`);
  if (!posInt(e.bigBlind)) errors.push(`${where}: big blind must be a positive integer`);
  if (!natInt(e.smallBlind) || e.smallBlind > e.bigBlind) errors.push(`${where}: small blind must be an integer from 0 to the big blind`);
  if (!natInt(e.ante)) errors.push(`${where}: ante must be a non-negative integer`);
  if (e.bigBlindAnte !== undefined && typeof e.bigBlindAnte !== 'boolean') errors.push(`${where}: bigBlindAnte must be a boolean`);
  if (!posInt(e.durationSec)) errors.push(`${where}: duration must be a positive number of seconds`);
  return errors;
}

/** Checks a structure; every problem is listed. */
export function validateStructure(s: TournamentStructure): Validation {
  const errors: string[] = [];
  if (!posInt(s.startingStack)) errors.push('starting stack must be a positive integer');
  if (s.tableSize !== 2 && s.tableSize !== 6 && s.tableSize !== 9) errors.push('table size must be 2, 6 or 9');
  const levels = Array.isArray(s.levels) ? s.levels : [];
  if (levels.length === 0) errors.push('at least one level is needed');
  let lastNumber = 0;
  let last: BlindLevel | null = null;
  for (let i = 0; i < levels.length; i++) {
    const e = levels[i];
    const where = `entry ${i + 1}`;
    if (e === null || typeof e !== 'object') {
      errors.push(`${where}: not a level or a break`);
    } else if (isBreak(e)) {
      if (!posInt(e.breakSec)) errors.push(`${where}: break must be a positive number of seconds`);
      if (i === 0 || i === levels.length - 1) errors.push(`${where}: a break cannot be first or last`);
      else if (isBreak(levels[i - 1])) errors.push(`${where}: two breaks in a row`);
    } else {
      errors.push(...levelErrors(e, where));
      if (e.level <= lastNumber) errors.push(`${where}: level numbers must increase`);
      // Blinds and ante never go down: a level that lowers them would reward waiting out the clock.
      if (last && (e.smallBlind < last.smallBlind || e.bigBlind < last.bigBlind || e.ante < last.ante)) errors.push(`${where}: blinds and ante cannot go down`);
      lastNumber = e.level;
      last = e;
    }
  }
  return validation(errors);
}

export interface LevelClock {
  /** Index into `structure.levels` of the entry running now (a level or a break). */
  readonly entryIndex: number;
  /** The level the next hand is played at: during a break, the level after the break. */
  readonly level: BlindLevel;
  readonly onBreak: boolean;
  /** Milliseconds until the next entry starts; null on the last level (it lasts for ever). */
  readonly msToNext: number | null;
}

const entryMs = (e: StructureEntry): number => (isBreak(e) ? e.breakSec : e.durationSec) * 1000;

/** Where the clock stands after `elapsedMs` of playing time (the structure must be valid). */
export function levelAt(structure: TournamentStructure, elapsedMs: number): LevelClock {
  const levels = structure.levels;
  const t = Math.max(0, elapsedMs);
  let start = 0;
  for (let i = 0; i < levels.length; i++) {
    const e = levels[i];
    const end = start + entryMs(e);
    const last = i === levels.length - 1;
    if (t < end || last) {
      const level = isBreak(e) ? (levels[i + 1] as BlindLevel) : e;
      return { entryIndex: i, level, onBreak: isBreak(e), msToNext: last ? null : end - t };
    }
    start = end;
  }
  throw new RangeError('a structure needs at least one level');
}

/** Playing time at which entry `index` starts. */
export function entryStartMs(structure: TournamentStructure, index: number): number {
  let t = 0;
  for (let i = 0; i < index && i < structure.levels.length; i++) t += entryMs(structure.levels[i]);
  return t;
}
