// `npm run bench`: the evaluator, Omaha and whole-hand figures against the named peers, in one process.
// The evaluator rows come in pairs: the unchecked fast path and the public validating call, each
// with its ratio to the peer and PASS/FAIL against its bar (bench/evaluator.ts).
import { runEvaluatorBench } from './evaluator';
import { runHandBench } from './hand';

await runEvaluatorBench();
await runHandBench();
