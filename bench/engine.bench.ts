// `npm run bench`: the evaluator, Omaha and whole-hand figures against the named peers, in one process.
// The evaluator rows come in pairs: the unchecked fast path and the public validating call, each
// with its ratio to the peer and PASS/FAIL against its bar (bench/evaluator.ts).
// `npm run bench -- --evaluator` runs the evaluator rows only, `-- --hands` the whole hands only,
// `-- --games` the rows of the games beyond NLHE/PLO4 (evaluators and whole hands).
import { runEvaluatorBench } from './evaluator';
import { runGameEvaluatorBench } from './evaluator-games';
import { runGamesBench } from './games';
import { runHandBench } from './hand';

const only = process.argv.slice(2);
if (only.length === 0 || only.includes('--evaluator')) await runEvaluatorBench();
if (only.length === 0 || only.includes('--evaluator') || only.includes('--games')) runGameEvaluatorBench();
if (only.length === 0 || only.includes('--hands')) await runHandBench();
if (only.length === 0 || only.includes('--hands') || only.includes('--games')) runGamesBench();
