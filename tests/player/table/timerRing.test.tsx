// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { TimerRing } from '../../../src/player/table/components/TimerRing';
import { timerState } from '../../../src/player/table/logic/timer';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const T0 = 1_700_000_000_000;

describe('timerState', () => {
  it('runs down the action time, then the time bank, from the deadlines alone', () => {
    const action = T0 + 20_000;
    const bank = T0 + 50_000;
    expect(timerState(T0, action, bank, 20_000)).toEqual({ phase: 'action', fraction: 1, secondsLeft: 20 });
    expect(timerState(T0 + 15_000, action, bank, 20_000)).toEqual({ phase: 'action', fraction: 0.25, secondsLeft: 5 });
    expect(timerState(T0 + 20_000, action, bank, 20_000)).toEqual({ phase: 'timeBank', fraction: 1, secondsLeft: 30 });
    expect(timerState(T0 + 35_000, action, bank, 20_000)).toEqual({ phase: 'timeBank', fraction: 0.5, secondsLeft: 15 });
    expect(timerState(T0 + 60_000, action, bank, 20_000)).toEqual({ phase: 'over', fraction: 0, secondsLeft: 0 });
    expect(timerState(T0 + 25_000, action, null, 20_000)).toEqual({ phase: 'over', fraction: 0, secondsLeft: 0 });
    expect(timerState(T0, null, null, 20_000)).toBeNull();
  });
});

describe('TimerRing', () => {
  it('follows the clock frame by frame', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    vi.setSystemTime(T0);
    render(<TimerRing actionDeadline={T0 + 20_000} timeBankDeadline={T0 + 50_000} actionTimeMs={20_000} now={() => Date.now()} size={50} />);
    const ring = screen.getByTestId('timer-ring');
    expect(ring.dataset.fraction).toBe('1.000');
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(ring.dataset.phase).toBe('action');
    expect(Number(ring.dataset.fraction)).toBeCloseTo(0.75, 2);
    act(() => {
      vi.advanceTimersByTime(25_000);
    });
    expect(ring.dataset.phase).toBe('timeBank');
    expect(Number(ring.dataset.fraction)).toBeCloseTo(2 / 3, 2);
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(ring.dataset.phase).toBe('over');
    expect(ring.dataset.fraction).toBe('0.000');
  });

  it('is right at once when mounted late (a reload or reconnect mid-turn)', () => {
    const now = () => T0 + 12_000;
    render(<TimerRing actionDeadline={T0 + 20_000} timeBankDeadline={T0 + 50_000} actionTimeMs={20_000} now={now} size={50} />);
    expect(screen.getByTestId('timer-ring').dataset.fraction).toBe('0.400');
  });
});
