// The provably-fair check, done in the browser: hash the revealed seed and compare with the hash
// published before the deal, then rebuild the deck from the seed with the engine's own shuffle.
import { deckFromSeed, seedCommitment } from '../../../poker/fair';
import { cardToString } from '../../../poker/cards';
import type { LastHandView } from '../../../shared/protocol/table-view';

export interface FairTools {
  seedCommitment: (seed: string) => string | Promise<string>;
  deckFromSeed: (seed: string) => ArrayLike<string | number> | Promise<ArrayLike<string | number>>;
}

/** The engine's own functions: the same code that dealt the hand on the server. */
export function engineFairTools(): FairTools {
  return { seedCommitment, deckFromSeed };
}

export interface FairResult {
  /** True when the re-computed hash equals the published one; null when it could not be checked. */
  ok: boolean | null;
  computedHash: string | null;
  deck: string[] | null;
}

export async function checkFairness(last: LastHandView, tools: FairTools | null = engineFairTools()): Promise<FairResult> {
  if (!tools || !last.seed) return { ok: null, computedHash: null, deck: null };
  const computedHash = String(await tools.seedCommitment(last.seed));
  const raw = Array.from(await tools.deckFromSeed(last.seed));
  const deck = raw.map((c) => (typeof c === 'number' ? cardToString(c) : c));
  return { ok: computedHash.toLowerCase() === last.seedHash.toLowerCase(), computedHash, deck };
}
