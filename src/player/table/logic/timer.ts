// The countdown ring, computed from the server's deadlines (never from a local start time), so
// it is right after a reload or a reconnect.

export interface TimerState {
  phase: 'action' | 'timeBank' | 'over';
  /** 1 = full, 0 = empty. */
  fraction: number;
  secondsLeft: number;
}

export function timerState(now: number, actionDeadline: number | null, timeBankDeadline: number | null, actionTimeMs: number): TimerState | null {
  if (actionDeadline === null) return null;
  if (now < actionDeadline) {
    const left = actionDeadline - now;
    return { phase: 'action', fraction: clamp01(left / Math.max(1, actionTimeMs)), secondsLeft: Math.ceil(left / 1000) };
  }
  if (timeBankDeadline !== null && now < timeBankDeadline) {
    const left = timeBankDeadline - now;
    const total = Math.max(1, timeBankDeadline - actionDeadline);
    return { phase: 'timeBank', fraction: clamp01(left / total), secondsLeft: Math.ceil(left / 1000) };
  }
  return { phase: 'over', fraction: 0, secondsLeft: 0 };
}

const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);

/** Ring colour: green, amber under 40 %, red under 20 %; the time bank is violet. */
export function timerColour(t: TimerState): string {
  if (t.phase === 'timeBank') return '#b388ff';
  if (t.fraction < 0.2) return '#ef5350';
  if (t.fraction < 0.4) return '#ffb300';
  return '#66bb6a';
}
