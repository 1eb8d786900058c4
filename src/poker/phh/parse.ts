// PHH import: a hand history (TOML text) into a hand configuration and its action strings.
// Amounts are scaled to integers: the scale is the largest number of decimal places used by
// any amount of the file (real cash hands: cents).
import { GAMES, isGameCode } from '../engine/games';
import type { HandConfig } from '../engine/types';
import { decimalPlaces, toUnits } from './amounts';
import { parseToml, TomlDecimal, TomlError, type TomlTable, type TomlValue } from './toml';

export interface PhhHand {
  readonly config: HandConfig;
  readonly actions: readonly string[];
  /** Decimal places of the file's amounts; engine chips = amount * 10^places. */
  readonly places: number;
  /** Every field of the file as read (decimals kept exact as TomlDecimal). */
  readonly fields: TomlTable;
}

export type PhhParseResult = { ok: true; hand: PhhHand } | { ok: false; error: string };

const AMOUNT_FIELDS = ['antes', 'blinds_or_straddles', 'starting_stacks'] as const;

/** The action text without its comment. */
export function stripComment(action: string): string {
  const k = action.indexOf('#');
  return (k < 0 ? action : action.slice(0, k)).trim();
}

export function parsePhh(text: string): PhhParseResult {
  let fields: TomlTable;
  try {
    fields = parseToml(text);
  } catch (e) {
    return { ok: false, error: e instanceof TomlError ? e.message : `unreadable TOML: ${String(e)}` };
  }
  const variant = fields.variant;
  if (!isGameCode(variant)) return { ok: false, error: `unsupported variant ${JSON.stringify(variant ?? null)} (${Object.keys(GAMES).join(', ')})` };
  const fixedLimit = GAMES[variant].structure === 'fixed-limit';
  const rawActions = fields.actions;
  if (!Array.isArray(rawActions) || rawActions.some((a) => typeof a !== 'string')) return { ok: false, error: 'actions must be an array of strings' };
  const actions = rawActions as string[];
  // Fixed limit has small_bet and big_bet where the others have min_bet.
  const betFields = fixedLimit ? ['small_bet', 'big_bet'] : ['min_bet'];
  for (const f of [...AMOUNT_FIELDS, ...betFields]) if (fields[f] === undefined) return { ok: false, error: `missing field ${f}` };
  const minBetField = fixedLimit ? fields.small_bet : fields.min_bet;
  const stacks = fields.starting_stacks;
  if (!Array.isArray(stacks)) return { ok: false, error: 'starting_stacks must be an array' };
  const n = stacks.length;
  // PHH allows a single number for antes/blinds; expand to one per player.
  const perPlayer = (v: TomlValue): TomlValue[] | null =>
    Array.isArray(v) ? v : typeof v === 'number' || v instanceof TomlDecimal ? new Array(n).fill(v) : null;
  const antes = perPlayer(fields.antes);
  const blinds = perPlayer(fields.blinds_or_straddles);
  if (!antes || !blinds) return { ok: false, error: 'antes and blinds_or_straddles must be numbers or arrays' };
  let places = 0;
  const consider = (v: TomlValue | string) => {
    places = Math.max(places, decimalPlaces(v));
  };
  [...antes, ...blinds, ...stacks, minBetField, ...(fixedLimit ? [fields.big_bet] : [])].forEach(consider);
  for (const a of actions) {
    const m = /^p\d+\s+cbr\s+(\S+)$/.exec(stripComment(a));
    if (m) consider(m[1]);
  }
  const units = (vs: TomlValue[], name: string): number[] | string => {
    const out: number[] = [];
    for (const v of vs) {
      const u = toUnits(v, places);
      if (u === null) return `${name} holds a value that is not an amount: ${v instanceof TomlDecimal ? v.text : JSON.stringify(v)}`;
      out.push(u);
    }
    return out;
  };
  const a = units(antes, 'antes');
  const b = units(blinds, 'blinds_or_straddles');
  const st = units(stacks, 'starting_stacks');
  const mb = units([minBetField], fixedLimit ? 'small_bet' : 'min_bet');
  const bb = fixedLimit ? units([fields.big_bet], 'big_bet') : [];
  for (const x of [a, b, st, mb, bb]) if (typeof x === 'string') return { ok: false, error: x };
  const trimming = fields.ante_trimming_status ?? false;
  if (typeof trimming !== 'boolean') return { ok: false, error: 'ante_trimming_status must be a boolean' };
  return {
    ok: true,
    hand: {
      config: {
        variant,
        antes: a as number[],
        blindsOrStraddles: b as number[],
        startingStacks: st as number[],
        minBet: (mb as number[])[0],
        anteTrimming: trimming,
        ...(fixedLimit ? { bigBet: (bb as number[])[0] } : {}),
        // A hand run twice carries its players' run-out choices (`pN rc 2`, this project's notation).
        ...(actions.some((x) => /^p\d+\s+rc\s/.test(stripComment(x))) ? { runItTwice: true } : {}),
      },
      actions,
      places,
      fields,
    },
  };
}

/** Reads an amount field of the file (e.g. finishing_stacks, _rake_by_player) in engine chips. */
export function amountsField(hand: PhhHand, name: string): number[] | null {
  const v = hand.fields[name];
  if (!Array.isArray(v)) return null;
  const out: number[] = [];
  for (const x of v) {
    const u = toUnits(x, hand.places);
    if (u === null) return null;
    out.push(u);
  }
  return out;
}
