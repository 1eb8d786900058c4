// The shared conformance corpus (../shared/conformance/phh relative to the repo root), this
// repository's own cases (tests/conformance/<folder>/, e.g. kill-merge/) and the checks applied
// to every hand: finishing stacks and winnings, and for generated hands the legal options
// before each action (_legal), the pots (_pots) and the uncalled bets returned (_returned).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import {
  amountsField,
  applyPhhAction,
  computePots,
  createHand,
  decimalPlaces,
  legalActions,
  parsePhh,
  recordedCuts,
  settle,
  stripComment,
  type HandState,
  type PhhHand,
} from '../../src/poker/index';

export const repoRoot = resolve(__dirname, '../..');
export const corpusRoot = join(resolve(repoRoot, '..', 'shared'), 'conformance', 'phh');

const walk = (d: string): string[] =>
  readdirSync(d)
    .sort()
    .flatMap((f) => {
      const p = join(d, f);
      return statSync(p).isDirectory() ? walk(p) : p.endsWith('.phh') ? [p] : [];
    });

export function corpusFiles(sub: 'real' | 'generated'): string[] {
  return walk(join(corpusRoot, sub));
}

/** This repository's own conformance hands (outcomes from pokerkit too), by folder. */
export const localRoot = join(repoRoot, 'tests', 'conformance');
export const localFolders = ['kill-merge', 'games', 'rules'] as const;

export function localFiles(sub: (typeof localFolders)[number]): string[] {
  return walk(join(localRoot, sub));
}

export const label = (file: string) => (file.startsWith(localRoot) ? relative(localRoot, file) : relative(corpusRoot, file));

/** The legal options in the generated files' notation: "p3 f cc=25 cbr=[75,86]". */
export function legalString(s: HandState): string {
  const l = legalActions(s);
  if (!l) return '';
  let out = `p${l.player + 1}`;
  if (l.canFold) out += ' f';
  out += ` cc=${l.callAmount}`;
  if (l.raise) out += ` cbr=[${l.raise.minTo},${l.raise.maxTo}]`;
  return out;
}

const potString = (p: { amount: number; players: readonly number[] }) => `${p.amount}:${p.players.map((i) => `p${i + 1}`).join(',')}`;

/** Replays one file; returns the problems found (empty = conforms). */
export function checkFile(file: string): string[] {
  const problems: string[] = [];
  const parsed = parsePhh(readFileSync(file, 'utf8'));
  if (!parsed.ok) return [`parse: ${parsed.error}`];
  const hand: PhhHand = parsed.hand;
  const fields = hand.fields;
  const expectedLegal = Array.isArray(fields._legal) ? (fields._legal as string[]) : null;
  const start = createHand(hand.config);
  if (!start.ok) return [`config: ${start.error.message}`];
  let s = start.state;
  for (let k = 0; k < hand.actions.length; k++) {
    if (expectedLegal && expectedLegal[k] !== legalString(s)) {
      problems.push(`legal before action ${k + 1} "${hand.actions[k]}": want "${expectedLegal[k]}", got "${legalString(s)}"`);
    }
    if (stripComment(hand.actions[k]) === '') continue;
    const r = applyPhhAction(s, hand.actions[k], hand.places);
    if (!r.ok) return [...problems, `action ${k + 1} "${hand.actions[k]}": ${r.error.code} ${r.error.message}`];
    s = r.state;
  }
  if (s.phase !== 'settlement') return [...problems, `hand not finished after the last action (phase ${s.phase})`];
  if (Array.isArray(fields._pots)) {
    const got = computePots(s).map(potString);
    if (JSON.stringify(got) !== JSON.stringify(fields._pots)) problems.push(`_pots: want ${JSON.stringify(fields._pots)}, got ${JSON.stringify(got)}`);
  }
  if (Array.isArray(fields._returned)) {
    const want = amountsField(hand, '_returned');
    if (JSON.stringify(want) !== JSON.stringify(s.returned)) problems.push(`_returned: want ${JSON.stringify(want)}, got ${JSON.stringify(s.returned)}`);
  }
  // Raked hands (the games corpus) carry their cut per pot (_cuts), as the tables export them.
  const recorded = recordedCuts(hand);
  if (typeof recorded === 'string') return [...problems, recorded];
  const cuts = recorded?.cuts;
  const done = settle(s, cuts ? { rake: (pot, ctx) => Math.min(pot, cuts[ctx.potIndex] ?? 0) } : {});
  if (!done.ok) return [...problems, `settle: ${done.error.message}`];
  // Expected stacks: pokerkit's integer outcome where the source paid half chips; real raked
  // hands: the engine pays without rake, the site then took _rake_by_player from each winner.
  const expectField = fields._pokerkit_finishing_stacks !== undefined ? '_pokerkit_finishing_stacks' : 'finishing_stacks';
  let places = hand.places;
  for (const f of [expectField, '_rake_by_player']) {
    const v = fields[f];
    if (Array.isArray(v)) for (const x of v) places = Math.max(places, decimalPlaces(x));
  }
  const widen = 10 ** (places - hand.places);
  const at = { ...hand, places };
  const want = amountsField(at, expectField);
  const rake = amountsField(at, '_rake_by_player');
  if (!want) return [...problems, `no readable ${expectField}`];
  const got = done.state.stacks.map((x, i) => x * widen - (rake ? rake[i] : 0));
  if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`finishing stacks: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  // Winnings (chips collected from the pots), where the file has them and no site rake muddles them.
  if (Array.isArray(fields.winnings) && !rake) {
    const wantWon = amountsField(at, 'winnings');
    const gotWon = done.state.result!.won.map((x) => x * widen);
    if (JSON.stringify(gotWon) !== JSON.stringify(wantWon)) problems.push(`winnings: want ${JSON.stringify(wantWon)}, got ${JSON.stringify(gotWon)}`);
  }
  return problems;
}
