// Time comes in from outside so that timers can be driven by tests without sleeping.

export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  now(): number;
  setTimer(ms: number, fn: () => void): TimerHandle;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(ms, fn) {
    if (ms <= 0) {
      // Right after the current work (setTimeout(0) waits at least a millisecond). Not unref'd:
      // an unref'd immediate lets the loop sleep in poll until the next timer or I/O.
      const i = setImmediate(fn);
      return { cancel: () => clearImmediate(i) };
    }
    const t = setTimeout(fn, ms);
    t.unref?.();
    return { cancel: () => clearTimeout(t) };
  },
};

/** A clock that moves only when told to; timers fire in deadline order. */
export class ManualClock implements Clock {
  private time: number;
  private seq = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();

  constructor(start = 1_700_000_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimer(ms: number, fn: () => void): TimerHandle {
    const id = ++this.seq;
    this.timers.set(id, { at: this.time + Math.max(0, ms), fn });
    return {
      cancel: () => {
        this.timers.delete(id);
      },
    };
  }

  /** Moves time forward, firing every timer that falls due on the way. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const entry of this.timers) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      this.timers.delete(next[0]);
      this.time = next[1].at;
      next[1].fn();
    }
    this.time = end;
  }

  pending(): number {
    return this.timers.size;
  }
}
