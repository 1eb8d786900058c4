// Driving the engine (src/poker) in tests and benchmarks: a step that must succeed.
import type { HandState, StepResult } from '../../src/poker/index';

/** The state after a step that must be legal; throws with the rule's code and message otherwise. */
export function ok(r: StepResult): HandState {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.state;
}
