// PHH export: any hand the engine played (or is playing) as hand-history TOML text.
// A finished hand carries what a reader needs to reproduce its result exactly: the standard
// finishing_stacks and winnings, and, when the settlement took a cut (rake, jackpot share), that
// cut per pot (_pot_amounts, _cuts, and _rake/_jackpot when the split is known). Readers ignore
// fields beginning with "_"; replayPhh and `npm run phh -- replay` apply _cuts.
import type { HandState, LogNode } from '../engine/types';
import { fromUnits } from './amounts';

export function actionsOf(s: HandState): string[] {
  const out: string[] = [];
  for (let node: LogNode | null = s.log; node; node = node.prev) out.push(node.entry);
  return out.reverse();
}

/** One pot's cut as the live tables record it: the house's rake and the jackpot's share. */
export interface PotCut {
  readonly rake: number;
  readonly jackpot: number;
}

export interface ExportOptions {
  /** Write amounts with this many decimal places (e.g. 2 for a cash game kept in cents). */
  readonly places?: number;
  /** Extra top-level fields (strings, numbers or arrays of them), e.g. players or seats. */
  readonly extra?: Readonly<Record<string, string | number | readonly (string | number)[]>>;
  /**
   * The cut of each pot paid, in the order of `s.result.pots` (one entry per call of the
   * settlement's rake function): written as `_rake` and `_jackpot`. Ignored unless each entry
   * adds up to that pot's cut. The total cut per pot (`_cuts`) comes from the state itself.
   */
  readonly cuts?: readonly PotCut[];
  /** When the hand started (a Date or milliseconds since the epoch): `time`, `day`, `month`, `year`. */
  readonly startedAt?: Date | number;
  /** IANA time zone of those fields (`time_zone`); default "UTC". */
  readonly timeZone?: string;
  /** The hand's id in the room's records: `_hand_id`. */
  readonly handId?: number | string;
}

const str = (s: string) => JSON.stringify(s); // a JSON string is a valid TOML basic string

const pad2 = (x: number) => String(x).padStart(2, '0');

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one (every settled hand exports). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Local time and date of an instant (ms since the epoch) in a time zone; UTC when the zone is unknown. */
function localParts(ms: number, timeZone: string): { zone: string; time: string; day: number; month: number; year: number } | null {
  if (!Number.isFinite(ms)) return null;
  for (const zone of timeZone === 'UTC' ? ['UTC'] : [timeZone, 'UTC']) {
    try {
      const parts = formatterFor(zone).formatToParts(ms);
      const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
      return { zone, time: `${pad2(get('hour'))}:${pad2(get('minute'))}:${pad2(get('second'))}`, day: get('day'), month: get('month'), year: get('year') };
    } catch {
      // An unknown zone: UTC instead (an export never fails for its metadata).
    }
  }
  return null;
}

export function toPhh(s: HandState, opts: ExportOptions = {}): string {
  const places = opts.places ?? 0;
  const amt = (x: number) => fromUnits(x, places);
  const list = (xs: readonly number[]) => `[${xs.map(amt).join(', ')}]`;
  const c = s.config;
  // A run-out choice that ended in one run-out changes nothing: it is left out, so that the file
  // stays readable by any PHH reader (the choice has no standard notation: docs/engine.md).
  const ranTwice = s.extraBoards.length > 0;
  const actions = actionsOf(s)
    .filter((a) => ranTwice || !/^p\d+ rc /.test(a))
    .map((a) => {
      const m = /^(p\d+ cbr )(\d+)$/.exec(a);
      return m ? m[1] + amt(Number(m[2])) : a;
    });
  // Fixed limit writes the small and big bet (PHH `small_bet`, `big_bet`), the others `min_bet`.
  const bets: [string, string][] =
    c.game.structure === 'fixed-limit'
      ? [
          ['small_bet', amt(c.minBet)],
          ['big_bet', amt(c.bigBet)],
        ]
      : [['min_bet', amt(c.minBet)]];
  const fields: [string, string][] = [
    ['variant', str(c.variant)],
    ['ante_trimming_status', String(c.anteTrimming)],
    ['antes', list(c.rawAntes)],
    ['blinds_or_straddles', list(c.rawBlinds)],
    ...bets,
    ['starting_stacks', list(c.startingStacks)],
    ['actions', `[${actions.length ? '\n' + actions.map((a) => `  ${str(a)},`).join('\n') + '\n' : ''}]`],
  ];
  if (c.bombPot) fields.push(['_bomb_pot', 'true']);
  if (ranTwice) fields.push(['_runout_count', String(1 + s.extraBoards.length)]);
  const result = s.phase === 'complete' ? s.result : null;
  if (result) {
    fields.push(['finishing_stacks', list(s.stacks)]);
    // Standard PHH: what each player collected from the pots, after the cut.
    fields.push(['winnings', list(result.won)]);
  }
  if (opts.startedAt !== undefined) {
    const ms = typeof opts.startedAt === 'number' ? opts.startedAt : opts.startedAt.getTime();
    const at = localParts(ms, opts.timeZone ?? 'UTC');
    if (at) {
      fields.push(['time', at.time], ['time_zone', str(at.zone)], ['day', String(at.day)], ['month', String(at.month)], ['year', String(at.year)]);
    }
  }
  if (opts.handId !== undefined) fields.push(['_hand_id', typeof opts.handId === 'number' ? String(opts.handId) : str(opts.handId)]);
  if (result && result.totalRake > 0) {
    // The cut of each pot paid, in the settlement's order (pokerkit's pots after hand killing).
    fields.push(['_pot_amounts', list(result.pots.map((p) => p.amount))]);
    fields.push(['_cuts', list(result.pots.map((p) => p.rake))]);
    const cuts = opts.cuts;
    if (cuts && cuts.length === result.pots.length && cuts.every((x, k) => x.rake >= 0 && x.jackpot >= 0 && x.rake + x.jackpot === result.pots[k].rake)) {
      fields.push(['_rake', list(cuts.map((x) => x.rake))], ['_jackpot', list(cuts.map((x) => x.jackpot))]);
    }
  }
  const taken = new Set(fields.map(([k]) => k));
  for (const [k, v] of Object.entries(opts.extra ?? {})) {
    if (!/^[A-Za-z0-9_-]+$/.test(k) || taken.has(k)) continue;
    const one = (x: string | number) => (typeof x === 'number' ? String(x) : str(x));
    fields.push([k, Array.isArray(v) ? `[${(v as (string | number)[]).map(one).join(', ')}]` : one(v as string | number)]);
  }
  return fields.map(([k, v]) => `${k} = ${v}`).join('\n') + '\n';
}
