// Validates a hand configuration and works out what each player really posts.
import { GAMES, isGameCode } from './games';
import { fail, type HandConfig, type NormalizedConfig, type RuleError } from './types';

const isChipInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;

export function normalizeConfig(c: HandConfig): { ok: true; config: NormalizedConfig } | { ok: false; error: RuleError } {
  const n = c.startingStacks?.length ?? 0;
  if (!isGameCode(c.variant)) return fail('INVALID_CONFIG', `unknown variant ${String(c.variant)}`);
  const game = GAMES[c.variant];
  if (n < 2 || n > game.maxPlayers) return fail('INVALID_CONFIG', `a hand of ${c.variant} needs 2 to ${game.maxPlayers} players, not ${n}`);
  const rawAntes = c.antes ?? new Array<number>(n).fill(0);
  const rawBlinds = c.blindsOrStraddles;
  if (rawAntes.length !== n || rawBlinds?.length !== n) return fail('INVALID_CONFIG', 'antes and blinds_or_straddles need one entry per player');
  for (let i = 0; i < n; i++) {
    if (!isChipInt(c.startingStacks[i]) || c.startingStacks[i] <= 0) return fail('INVALID_CONFIG', `starting stack of p${i + 1} must be a positive integer`);
    if (!isChipInt(rawAntes[i])) return fail('INVALID_CONFIG', `ante of p${i + 1} must be a non-negative integer`);
    // A negative entry is a blind posted out of position (e.g. a new player's post): live money
    // that does not move the first to act.
    if (!Number.isSafeInteger(rawBlinds[i])) return fail('INVALID_CONFIG', `blind of p${i + 1} must be an integer`);
  }
  if (!isChipInt(c.minBet) || c.minBet <= 0) return fail('INVALID_CONFIG', 'min_bet must be a positive integer');
  if (c.bombPot === true && rawBlinds.some((b) => b !== 0)) return fail('INVALID_CONFIG', 'a bomb pot has no blinds: every player antes');
  const bigBet = c.bigBet ?? 2 * c.minBet;
  if (!isChipInt(bigBet) || bigBet < c.minBet) return fail('INVALID_CONFIG', 'big_bet must be an integer at least the small bet');
  // Heads-up the button (p2) posts the small blind: pokerkit swaps the two entries (antes too).
  const antes: number[] = [];
  const blinds: number[] = [];
  let total = 0;
  let offPositionPosts = 0;
  for (let i = 0; i < n; i++) {
    const src = n === 2 ? 1 - i : i;
    const ante = Math.min(rawAntes[src], c.startingStacks[i]);
    antes.push(ante);
    blinds.push(Math.min(Math.abs(rawBlinds[src]), c.startingStacks[i] - ante));
    if (rawBlinds[src] < 0) offPositionPosts |= 1 << i;
    total += c.startingStacks[i];
  }
  if (!Number.isSafeInteger(total)) return fail('INVALID_CONFIG', 'stacks too large');
  return {
    ok: true,
    config: {
      variant: c.variant,
      n,
      holeCount: game.holeCards,
      startingStacks: c.startingStacks.slice(),
      rawAntes: rawAntes.slice(),
      rawBlinds: rawBlinds.slice(),
      antes,
      blinds,
      minBet: c.minBet,
      anteTrimming: c.anteTrimming ?? false,
      totalChips: total,
      offPositionPosts,
      game,
      bigBet,
      bombPot: c.bombPot === true,
      runItTwice: c.runItTwice === true,
    },
  };
}
