// PHH export: any hand the engine played (or is playing) as hand-history TOML text.
import type { HandState, LogNode } from '../engine/types';
import { fromUnits } from './amounts';

export function actionsOf(s: HandState): string[] {
  const out: string[] = [];
  for (let node: LogNode | null = s.log; node; node = node.prev) out.push(node.entry);
  return out.reverse();
}

export interface ExportOptions {
  /** Write amounts with this many decimal places (e.g. 2 for a cash game kept in cents). */
  readonly places?: number;
  /** Extra top-level fields (strings, numbers or arrays of them), e.g. players or seats. */
  readonly extra?: Readonly<Record<string, string | number | readonly (string | number)[]>>;
}

const str = (s: string) => JSON.stringify(s); // a JSON string is a valid TOML basic string

export function toPhh(s: HandState, opts: ExportOptions = {}): string {
  const places = opts.places ?? 0;
  const amt = (x: number) => fromUnits(x, places);
  const list = (xs: readonly number[]) => `[${xs.map(amt).join(', ')}]`;
  const c = s.config;
  const actions = actionsOf(s).map((a) => {
    const m = /^(p\d+ cbr )(\d+)$/.exec(a);
    return m ? m[1] + amt(Number(m[2])) : a;
  });
  const lines = [
    `variant = ${str(c.variant)}`,
    `ante_trimming_status = ${c.anteTrimming}`,
    `antes = ${list(c.rawAntes)}`,
    `blinds_or_straddles = ${list(c.rawBlinds)}`,
    `min_bet = ${amt(c.minBet)}`,
    `starting_stacks = ${list(c.startingStacks)}`,
    `actions = [${actions.length ? '\n' + actions.map((a) => `  ${str(a)},`).join('\n') + '\n' : ''}]`,
  ];
  if (s.phase === 'complete') lines.push(`finishing_stacks = ${list(s.stacks)}`);
  for (const [k, v] of Object.entries(opts.extra ?? {})) {
    if (!/^[A-Za-z0-9_-]+$/.test(k)) continue;
    const one = (x: string | number) => (typeof x === 'number' ? String(x) : str(x));
    lines.push(`${k} = ${Array.isArray(v) ? `[${(v as (string | number)[]).map(one).join(', ')}]` : one(v as string | number)}`);
  }
  return lines.join('\n') + '\n';
}
