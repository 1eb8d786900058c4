// The simulated population of the integrity bench (docs/integrity.md): honest players of several
// styles and human timing, and planted chip dumpers (cash and tournament), colluding pairs,
// squeezing teams, multi-accounts and bots.
// Written from how such people play, not from the detectors' formulas.

export type Role = 'honest' | 'dumper' | 'receiver' | 'colluder' | 'multi' | 'bot' | 'squeezer' | 'tdumper' | 'treceiver';

export interface SimPlayer {
  userId: number;
  role: Role;
  /** The planted partner (dumper <-> receiver, colluders, multi-accounts). */
  partner: number | null;
  /** Preflop: plays hands above this strength (0..1); raises above `raiseAt`. */
  playAt: number;
  raiseAt: number;
  /** Chance to bet or raise with a made hand, and to bluff. */
  aggression: number;
  bluff: number;
  /** Timing: median ms, spread (log-normal sigma), slower facing a bet by this factor. */
  medianMs: number;
  sigma: number;
  facingFactor: number;
  /** Hours online a day and how many tables at once. */
  hoursPerDay: number;
  tables: number;
  device: string;
  ip: string;
  bank: string;
}

/** Deterministic random numbers (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STYLES = [
  { playAt: 0.72, raiseAt: 0.85, aggression: 0.35, bluff: 0.05 }, // tight-passive
  { playAt: 0.7, raiseAt: 0.78, aggression: 0.7, bluff: 0.15 }, // tight-aggressive
  { playAt: 0.45, raiseAt: 0.8, aggression: 0.3, bluff: 0.08 }, // loose-passive
  { playAt: 0.5, raiseAt: 0.65, aggression: 0.75, bluff: 0.25 }, // loose-aggressive
  { playAt: 0.3, raiseAt: 0.9, aggression: 0.2, bluff: 0.04 }, // calling station
];

export interface Population {
  players: SimPlayer[];
  planted: {
    dumping: [number, number][];
    collusion: [number, number][];
    multi: [number, number][];
    bots: number[];
    squeeze: [number, number][];
    tournamentDumping: [number, number][];
  };
}

/** `honest` honest players and the planted groups, ids from 1. */
export function makePopulation(honest: number, seed = 7): Population {
  const r = rng(seed);
  const players: SimPlayer[] = [];
  const carrierIps = Array.from({ length: 6 }, (_, i) => `100.64.0.${i + 1}`);
  const human = (role: Role, partner: number | null = null): SimPlayer => {
    const id = players.length + 1;
    const style = STYLES[Math.floor(r() * STYLES.length)];
    const p: SimPlayer = {
      userId: id,
      role,
      partner,
      ...style,
      medianMs: 1500 + r() * 4500,
      sigma: 0.45 + r() * 0.5,
      facingFactor: 1.3 + r() * 1.4,
      hoursPerDay: 1 + r() * 5,
      tables: 1 + Math.floor(r() * r() * 5),
      device: `dev-${id}-${Math.floor(r() * 1e9).toString(36)}`,
      // Most on a mobile carrier's shared addresses, some from home.
      ip: r() < 0.6 ? carrierIps[Math.floor(r() * carrierIps.length)] : `10.${Math.floor(id / 250)}.${id % 250}.${1 + Math.floor(r() * 200)}`,
      bank: `${5000000000 + Math.floor(r() * 4e9)}`,
    };
    players.push(p);
    return p;
  };
  for (let i = 0; i < honest; i++) human('honest');
  // Households: pairs of honest players behind one home address (not linked by that alone).
  for (let i = 0; i + 1 < honest && i < 40; i += 2) players[i + 1].ip = players[i].ip = `192.168.${i}.1`;
  const pairs = (n: number, a: Role, b: Role) =>
    Array.from({ length: n }, () => {
      const x = human(a);
      const y = human(b, x.userId);
      x.partner = y.userId;
      return [x.userId, y.userId] as [number, number];
    });
  const dumping = pairs(10, 'dumper', 'receiver');
  const collusion = pairs(10, 'colluder', 'colluder');
  const multi = pairs(10, 'multi', 'multi');
  multi.forEach(([a, b], i) => {
    const [x, y] = [players[a - 1], players[b - 1]];
    // One person: the same phone for half of them, the same payout account for the others; one address.
    if (i % 2 === 0) y.device = x.device;
    else y.bank = x.bank;
    y.ip = x.ip = `172.16.${i}.9`;
  });
  const bots = Array.from({ length: 10 }, (_, i) => {
    const b = human('bot');
    b.medianMs = 900 + r() * 800;
    // Some bots fake a human spread, none ties its time to the decision.
    b.sigma = i % 3 === 0 ? 0.5 : 0.08;
    b.facingFactor = 1;
    b.hoursPerDay = i % 2 === 0 ? 20 : 8;
    b.tables = i % 2 === 0 ? 3 : 10;
    return b.userId;
  });
  // Added after the others so that the earlier groups keep their draws (and the bench its figures).
  const squeeze = pairs(10, 'squeezer', 'squeezer');
  const tournamentDumping = pairs(10, 'tdumper', 'treceiver');
  return { players, planted: { dumping, collusion, multi, bots, squeeze, tournamentDumping } };
}

/** How long a decision takes this player (ms). */
export function decisionMs(p: SimPlayer, facing: boolean, r: () => number): number {
  const z = Math.sqrt(-2 * Math.log(Math.max(1e-12, r()))) * Math.cos(2 * Math.PI * r());
  const base = p.medianMs * Math.exp(p.sigma * z);
  return Math.round(base * (facing ? p.facingFactor : 1));
}
