// Table sounds synthesised with the Web Audio API: no audio files to download, crisp on every device.

export type SoundName = 'deal' | 'chips' | 'check' | 'fold' | 'turn' | 'win';
export const SOUND_NAMES: SoundName[] = ['deal', 'chips', 'check', 'fold', 'turn', 'win'];

type Ctx = AudioContext;

function envelope(ctx: Ctx, at: number, peak: number, attack: number, release: number): GainNode {
  const g = ctx.createGain();
  g.gain.setValueAtTime(0.0001, at);
  g.gain.exponentialRampToValueAtTime(peak, at + attack);
  g.gain.exponentialRampToValueAtTime(0.0001, at + attack + release);
  return g;
}

function tone(ctx: Ctx, out: AudioNode, freq: number, at: number, dur: number, type: OscillatorType = 'sine', peak = 0.25): void {
  const osc = ctx.createOscillator();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  const g = envelope(ctx, at, peak, 0.005, dur);
  osc.connect(g).connect(out);
  osc.start(at);
  osc.stop(at + dur + 0.05);
}

let noiseBuffer: AudioBuffer | null = null;
function noise(ctx: Ctx, out: AudioNode, at: number, dur: number, filterFreq: number, peak = 0.3, q = 1): void {
  if (!noiseBuffer || noiseBuffer.sampleRate !== ctx.sampleRate) {
    noiseBuffer = ctx.createBuffer(1, Math.floor(ctx.sampleRate * 0.5), ctx.sampleRate);
    const data = noiseBuffer.getChannelData(0);
    let seed = 12345; // deterministic noise, no Math.random needed
    for (let i = 0; i < data.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      data[i] = seed / 0x3fffffff - 1;
    }
  }
  const src = ctx.createBufferSource();
  src.buffer = noiseBuffer;
  const filter = ctx.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = filterFreq;
  filter.Q.value = q;
  const g = envelope(ctx, at, peak, 0.002, dur);
  src.connect(filter).connect(g).connect(out);
  src.start(at);
  src.stop(at + dur + 0.05);
}

/** Each recipe schedules a few nodes starting at ctx.currentTime. */
const recipes: Record<SoundName, (ctx: Ctx, out: AudioNode, t: number) => void> = {
  // a card sliding over felt: a short high swish
  deal: (ctx, out, t) => noise(ctx, out, t, 0.07, 3500, 0.35, 0.8),
  // chips: three clicks of ceramic
  chips: (ctx, out, t) => {
    for (let i = 0; i < 3; i++) {
      noise(ctx, out, t + i * 0.035, 0.03, 5200 - i * 400, 0.4, 6);
      tone(ctx, out, 2600 + i * 180, t + i * 0.035, 0.03, 'triangle', 0.08);
    }
  },
  // check: two knocks on the table
  check: (ctx, out, t) => {
    tone(ctx, out, 180, t, 0.08, 'sine', 0.5);
    tone(ctx, out, 170, t + 0.11, 0.08, 'sine', 0.45);
  },
  // fold: cards tossed, a soft lower swish
  fold: (ctx, out, t) => noise(ctx, out, t, 0.16, 1400, 0.25, 0.6),
  // your turn: a clear two-note chime
  turn: (ctx, out, t) => {
    tone(ctx, out, 880, t, 0.18, 'sine', 0.22);
    tone(ctx, out, 1318.5, t + 0.12, 0.3, 'sine', 0.22);
  },
  // win: a rising major arpeggio
  win: (ctx, out, t) => {
    [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => tone(ctx, out, f, t + i * 0.09, 0.35, 'triangle', 0.16));
  },
};

let shared: AudioContext | null = null;

/** Whether the page has had a user gesture, which browsers ask before audio; true where unknown. */
function pageActivated(): boolean {
  const activation = (globalThis.navigator as { userActivation?: { hasBeenActive: boolean } } | undefined)?.userActivation;
  return activation ? activation.hasBeenActive : true;
}

/** The tab's AudioContext, created lazily and only after a user gesture (browsers refuse it before). */
export function audioContext(): AudioContext | null {
  if (shared) return shared;
  if (!pageActivated()) return null;
  const Ctor =
    (globalThis as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext }).AudioContext ??
    (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    shared = new Ctor();
  } catch {
    return null;
  }
  const ctx = shared;
  if (ctx.state !== 'running') onNextGesture(() => resume(ctx));
  return shared;
}

/** Asks a locked context to run (browsers grant it within, or after, a user gesture). */
function resume(ctx: AudioContext): void {
  void Promise.resolve(ctx.resume()).catch(() => undefined);
}

/**
 * Runs `fn` once, inside the handler of the page's next click, key or touch (where browsers let
 * audio start; older Safari resumes a context only there). Returns a cancel.
 */
export function onNextGesture(fn: () => void): () => void {
  const target = globalThis as { addEventListener?: Window['addEventListener']; removeEventListener?: Window['removeEventListener'] };
  if (!target.addEventListener) return () => undefined;
  const events = ['pointerdown', 'keydown', 'touchend'] as const;
  const off = () => {
    for (const e of events) target.removeEventListener?.(e, handler, true);
  };
  const handler = () => {
    off();
    fn();
  };
  for (const e of events) target.addEventListener(e, handler, true);
  return off;
}

/**
 * Plays one sound; silently does nothing where Web Audio is missing or still locked. A sound is
 * never queued on a context that is not running: its clock stands still, so every sound queued
 * while a watcher sat without clicking would play at once when it unlocks.
 */
export function playSound(name: SoundName, ctx: AudioContext | null = audioContext()): boolean {
  if (!ctx) return false;
  try {
    if (ctx.state !== 'running') {
      resume(ctx);
      return false;
    }
    recipes[name](ctx, ctx.destination, ctx.currentTime + 0.01);
    return true;
  } catch {
    return false;
  }
}
