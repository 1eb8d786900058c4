// The tournament form's values and the contract's body, both ways. The form edits levels as rows
// (a break is a row with `isBreak`), durations in minutes, the start as a local date-time, and the
// payout table as JSON only when the default is not wanted.
import { CreateTournamentBody } from '../../shared/api/tournaments';
import type { Level, PayoutTable } from '../../shared/api/tournaments';
import { DEFAULT_PAYOUT_TABLE } from '../../poker/tournament/payouts';
import { HEADS_UP_SNG, REGULAR_MTT, TURBO_SNG } from '../../poker/tournament/templates';
import type { TournamentRecord } from '../dataProvider';

export const TEMPLATES = { TURBO_SNG, REGULAR_MTT, HEADS_UP_SNG } as const;
export type TemplateName = keyof typeof TEMPLATES;
export const TEMPLATE_NAMES = Object.keys(TEMPLATES) as TemplateName[];

export interface LevelRow {
  isBreak?: boolean;
  level?: number | null;
  smallBlind?: number | null;
  bigBlind?: number | null;
  ante?: number | null;
  bigBlindAnte?: boolean;
  durationMin?: number | null;
  breakMin?: number | null;
}

export interface TournamentFormValues {
  template?: TemplateName | '';
  name?: string;
  kind?: 'sng' | 'mtt';
  variant?: string;
  startsAt?: string | Date | null;
  buyIn?: number | null;
  fee?: number | null;
  guarantee?: number | null;
  startingStack?: number | null;
  tableSize?: number | null;
  minEntrants?: number | null;
  maxEntrants?: number | null;
  lateRegLevels?: number | null;
  reentryMax?: number | null;
  rebuyLevels?: number | null;
  rebuyMax?: number | null;
  addonChips?: number | null;
  levels?: LevelRow[];
  customPayouts?: boolean;
  payoutJson?: string;
}

const toMin = (sec: number) => Math.round((sec / 60) * 100) / 100;
const toSec = (min: unknown) => Math.round(Number(min) * 60);

export function levelRows(levels: readonly Level[]): LevelRow[] {
  return levels.map((l) =>
    'breakSec' in l
      ? { isBreak: true, breakMin: toMin(l.breakSec) }
      : {
          isBreak: false,
          level: l.level,
          smallBlind: l.smallBlind,
          bigBlind: l.bigBlind,
          ante: l.ante ?? 0,
          bigBlindAnte: !!l.bigBlindAnte,
          durationMin: toMin(l.durationSec),
        },
  );
}

export function rowLevels(rows: readonly LevelRow[] = []): Level[] {
  return rows.map((r): Level => {
    if (r.isBreak) return { breakSec: toSec(r.breakMin) };
    const l = {
      level: Number(r.level),
      smallBlind: Number(r.smallBlind),
      bigBlind: Number(r.bigBlind),
      ante: Number(r.ante ?? 0),
      durationSec: toSec(r.durationMin),
    };
    return r.bigBlindAnte ? { ...l, bigBlindAnte: true } : l;
  });
}

/** What choosing a template fills in: the kind, structure, starting stack, table size and field. */
export function templateValues(name: TemplateName): TournamentFormValues {
  const t = TEMPLATES[name];
  const sng = name !== 'REGULAR_MTT';
  return {
    template: name,
    kind: sng ? 'sng' : 'mtt',
    startingStack: t.startingStack,
    tableSize: t.tableSize,
    minEntrants: sng ? t.tableSize : 10,
    maxEntrants: sng ? t.tableSize : 500,
    lateRegLevels: 0,
    reentryMax: 0,
    rebuyLevels: 0,
    rebuyMax: 0,
    addonChips: 0,
    levels: levelRows(t.levels as readonly Level[]),
  };
}

const isDefaultPayouts = (p: PayoutTable | undefined) => !p || JSON.stringify(p) === JSON.stringify(DEFAULT_PAYOUT_TABLE);

/** A stored tournament as the form's values (editing). */
export function recordValues(r: TournamentRecord): TournamentFormValues {
  return {
    name: r.name,
    kind: r.kind,
    variant: r.variant,
    startsAt: r.startsAt,
    buyIn: r.buyIn,
    fee: r.fee,
    guarantee: r.guarantee,
    startingStack: r.startingStack,
    tableSize: r.tableSize,
    minEntrants: r.minEntrants,
    maxEntrants: r.maxEntrants,
    lateRegLevels: r.lateRegLevels,
    reentryMax: r.reentryMax,
    rebuyLevels: r.rebuyLevels,
    rebuyMax: r.rebuyMax,
    addonChips: r.addonChips,
    levels: levelRows(r.structure?.levels ?? []),
    customPayouts: !isDefaultPayouts(r.payoutTable),
    payoutJson: isDefaultPayouts(r.payoutTable) ? '' : JSON.stringify(r.payoutTable, null, 1),
  };
}

const n = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : Number(v));

function parsePayouts(json: string | undefined): unknown {
  try {
    return JSON.parse(json ?? '');
  } catch {
    return 'invalid';
  }
}

/** The form's values as the contract's body (create; an update sends the changed fields of it). */
export function tournamentBody(v: TournamentFormValues): Record<string, unknown> {
  const sng = v.kind === 'sng';
  const startsAt = !sng && v.startsAt ? new Date(v.startsAt).toISOString() : null;
  return {
    name: typeof v.name === 'string' ? v.name.trim() : v.name,
    kind: v.kind,
    variant: v.variant || 'NT',
    buyIn: n(v.buyIn),
    fee: n(v.fee) ?? 0,
    startingStack: n(v.startingStack),
    tableSize: n(v.tableSize),
    minEntrants: n(v.minEntrants),
    maxEntrants: n(v.maxEntrants),
    startsAt,
    lateRegLevels: sng ? 0 : (n(v.lateRegLevels) ?? 0),
    reentryMax: sng ? 0 : (n(v.reentryMax) ?? 0),
    rebuyLevels: sng ? 0 : (n(v.rebuyLevels) ?? 0),
    rebuyMax: sng ? 0 : (n(v.rebuyMax) ?? 0),
    addonChips: sng ? 0 : (n(v.addonChips) ?? 0),
    guarantee: n(v.guarantee) ?? 0,
    structure: { levels: rowLevels(v.levels) },
    payoutTable: v.customPayouts ? parsePayouts(v.payoutJson) : undefined,
  };
}

/** The contract's rules as form errors (levels and payouts under their inputs). */
export function validateTournament(v: TournamentFormValues): Record<string, string> {
  const checked = CreateTournamentBody.safeParse(tournamentBody(v));
  const errors: Record<string, string> = {};
  if (checked.success) return errors;
  for (const issue of checked.error.issues) {
    const [head] = issue.path;
    const key = head === 'structure' ? 'levels' : head === 'payoutTable' ? 'payoutJson' : String(head ?? 'name');
    if (!(key in errors)) errors[key] = issue.code === 'invalid_type' && head !== 'payoutTable' ? 'ra.validation.required' : issue.message;
  }
  return errors;
}
