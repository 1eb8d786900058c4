// `npm run bench`: the evaluator, Omaha and whole-hand figures against the named peers, in one process.
// The evaluator rows come in pairs: the unchecked fast path and the public validating call, each
// with its ratio to the peer and PASS/FAIL against its bar (bench/evaluator.ts).
// `npm run bench -- --evaluator` runs the evaluator rows only, `-- --hands` the whole hands only,
// `-- --games` the rows of the games beyond NLHE/PLO4 (evaluators and whole hands), `-- --vs [commit]`
// this engine against an earlier commit's in one process (bench/engine-vs.ts; default 6285c2ef,
// the commit before the reshape).
import { runEvaluatorBench } from './evaluator';
import { runGameEvaluatorBench } from './evaluator-games';
import { runGamesBench } from './games';
import { RESHAPE_BASE, runEngineVs } from './engine-vs';
import { runHandBench } from './hand';

const only = process.argv.slice(2);
if (only.length === 0 || only.includes('--evaluator')) await runEvaluatorBench();
if (only.length === 0 || only.includes('--evaluator') || only.includes('--games')) runGameEvaluatorBench();
if (only.length === 0 || only.includes('--hands')) await runHandBench();
if (only.length === 0 || only.includes('--hands') || only.includes('--games')) runGamesBench();
if (only.length === 0 || only.includes('--vs')) runEngineVs(only.find((a) => !a.startsWith('--')) ?? RESHAPE_BASE);
