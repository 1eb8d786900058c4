// Table sounds: none is queued on a locked (suspended) audio context, where they would pile up and
// all play at once when the first click unlocks it; none is even attempted before a user gesture.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOUND_NAMES, audioContext, playSound } from '../../src/shared/sound/synth';

/** A stand-in for the Web Audio nodes a recipe creates, counting them. */
function fakeContext(state: AudioContextState) {
  const made: string[] = [];
  const param = () => ({ setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn(), linearRampToValueAtTime: vi.fn(), value: 0 });
  const node = (kind: string) => {
    made.push(kind);
    const n: Record<string, unknown> = { gain: param(), frequency: param(), Q: param(), type: 'sine', buffer: null, start: vi.fn(), stop: vi.fn() };
    n.connect = () => n;
    return n;
  };
  const ctx = {
    state,
    currentTime: 0,
    sampleRate: 48_000,
    destination: {},
    resume: vi.fn(async () => undefined),
    createGain: () => node('gain'),
    createOscillator: () => node('oscillator'),
    createBiquadFilter: () => node('filter'),
    createBufferSource: () => node('source'),
    createBuffer: (_c: number, length: number) => ({ getChannelData: () => new Float32Array(length) }),
  };
  return { ctx: ctx as unknown as AudioContext, made, resume: ctx.resume };
}

afterEach(() => vi.unstubAllGlobals());

describe('playSound', () => {
  it('plays on a running context', () => {
    const f = fakeContext('running');
    for (const name of SOUND_NAMES) expect(playSound(name, f.ctx)).toBe(true);
    expect(f.made.length).toBeGreaterThan(6);
  });

  it('queues nothing on a suspended context, and asks it to resume', () => {
    const f = fakeContext('suspended');
    expect(playSound('chips', f.ctx)).toBe(false);
    expect(playSound('turn', f.ctx)).toBe(false);
    expect(f.made).toEqual([]);
    expect(f.resume).toHaveBeenCalled();
  });

  it('creates no audio context before the page has had a user gesture', () => {
    const Ctor = vi.fn();
    vi.stubGlobal('AudioContext', Ctor);
    vi.stubGlobal('navigator', { userActivation: { hasBeenActive: false } });
    expect(audioContext()).toBeNull();
    expect(playSound('deal')).toBe(false);
    expect(Ctor).not.toHaveBeenCalled();
  });

  // Last: it leaves the module's one context made.
  it('resumes a context made locked at the next gesture (older Safari resumes only inside one)', () => {
    const f = fakeContext('suspended');
    vi.stubGlobal('AudioContext', function AudioContext() {
      return f.ctx;
    });
    vi.stubGlobal('navigator', { userActivation: { hasBeenActive: true } });
    const handlers = new Map<string, () => void>();
    const removed: string[] = [];
    vi.stubGlobal('addEventListener', (type: string, fn: () => void) => handlers.set(type, fn));
    vi.stubGlobal('removeEventListener', (type: string) => removed.push(type));
    expect(audioContext()).toBe(f.ctx);
    expect([...handlers.keys()].sort()).toEqual(['keydown', 'pointerdown', 'touchend']);
    expect(f.resume).not.toHaveBeenCalled();
    handlers.get('pointerdown')!();
    expect(f.resume).toHaveBeenCalledTimes(1);
    expect(removed.sort()).toEqual(['keydown', 'pointerdown', 'touchend']);
  });
});
