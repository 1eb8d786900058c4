// `npm run bench`: the evaluator, Omaha and whole-hand figures against the named peers, in one process.
import { runEvaluatorBench } from './evaluator';
import { runHandBench } from './hand';

await runEvaluatorBench();
await runHandBench();
