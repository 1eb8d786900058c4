// Run it twice: the run-out count choice (pokerkit's runout-count selection).
import type { HandState, RuleError, StepResult } from './types';

const err = (code: RuleError['code'], message: string): RuleError => ({ code, message });

export function verifyRunoutCountSelection(s: HandState, player: number, count: number): RuleError | null {
  void s;
  void player;
  void count;
  return err('NO_RUNOUT_CHOICE', 'no run-out choice is pending');
}

export function selectRunoutCount(s: HandState, player: number, count: number): StepResult {
  const e = verifyRunoutCountSelection(s, player, count);
  return { ok: false, error: e! };
}
