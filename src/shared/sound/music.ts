// A quiet generated background loop: a pentatonic melody over a drone, in the spirit of a
// long-song. Scheduled a little ahead with a timer, the usual Web Audio pattern.
import { audioContext } from './synth';

const BPM = 72;
const BEAT = 60 / BPM;
// A minor pentatonic (A C D E G), two octaves; -1 = rest.
const SCALE = [220, 261.63, 293.66, 329.63, 392, 440, 523.25, 587.33, 659.25];
const MELODY = [5, -1, 4, 3, 2, -1, 3, 5, 7, -1, 6, 5, 4, -1, 3, 2, 0, -1, 2, 3, 5, 4, 3, -1, 2, 1, 0, -1, -1, -1, -1, -1];
const DRONE = [110, 164.81];

export interface MusicLoop {
  stop(): void;
}

export function startMusic(ctx: AudioContext | null = audioContext(), volume = 0.05): MusicLoop | null {
  if (!ctx) return null;
  if (ctx.state === 'suspended') void ctx.resume();
  const master = ctx.createGain();
  master.gain.value = volume;
  master.connect(ctx.destination);

  const drones = DRONE.map((f) => {
    const osc = ctx.createOscillator();
    osc.type = 'sine';
    osc.frequency.value = f;
    const g = ctx.createGain();
    g.gain.value = 0.35;
    osc.connect(g).connect(master);
    osc.start();
    return osc;
  });

  let step = 0;
  let next = ctx.currentTime + 0.1;
  const schedule = () => {
    while (next < ctx.currentTime + 0.5) {
      const note = MELODY[step % MELODY.length];
      if (note >= 0) {
        const osc = ctx.createOscillator();
        osc.type = 'triangle';
        osc.frequency.value = SCALE[note];
        const g = ctx.createGain();
        g.gain.setValueAtTime(0.0001, next);
        g.gain.exponentialRampToValueAtTime(0.6, next + 0.04);
        g.gain.exponentialRampToValueAtTime(0.0001, next + BEAT * 1.6);
        osc.connect(g).connect(master);
        osc.start(next);
        osc.stop(next + BEAT * 1.7);
      }
      step += 1;
      next += BEAT / 2;
    }
  };
  schedule();
  const timer = setInterval(schedule, 200);
  return {
    stop() {
      clearInterval(timer);
      const t = ctx.currentTime;
      master.gain.setTargetAtTime(0.0001, t, 0.2);
      for (const d of drones) d.stop(t + 1);
      setTimeout(() => master.disconnect(), 1200);
    },
  };
}
