import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fullDeck } from '../../src/poker/cards';
import { deckFromSeed, seedCommitment, seedRandomInt, shuffle, verifyDeck } from '../../src/poker/fair/index';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

/** Independent re-implementation of README.md with node:crypto, to pin the documented algorithm. */
function referenceDeck(seedHex: string): number[] {
  const seed = Buffer.from(seedHex, 'hex');
  let counter = 0;
  let words: number[] = [];
  const word = (): number => {
    if (words.length === 0) {
      const c = Buffer.alloc(4);
      c.writeUInt32BE(counter++);
      const block = createHash('sha256')
        .update(Buffer.concat([seed, c]))
        .digest();
      words = Array.from({ length: 8 }, (_, i) => block.readUInt32BE(i * 4));
    }
    return words.shift()!;
  };
  const uniform = (n: number): number => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const x = word();
      if (x < limit) return x % n;
    }
  };
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i > 0; i--) {
    const j = uniform(i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

describe('shuffle', () => {
  it('is Fisher-Yates from the top: a counter source gives the exact permutation', () => {
    // Source always answers 0: each item i (from the top) swaps with item 0.
    expect(shuffle([0, 1, 2, 3, 4], () => 0)).toEqual([1, 2, 3, 4, 0]);
    // Source answers max-1 (j = i): nothing moves.
    expect(shuffle([0, 1, 2, 3, 4], (n) => n - 1)).toEqual([0, 1, 2, 3, 4]);
    // A counter source: calls get ranges 5,4,3,2 and answer k mod range.
    let k = 0;
    const calls: number[] = [];
    const out = shuffle(['a', 'b', 'c', 'd', 'e'], (n) => {
      calls.push(n);
      return k++ % n;
    });
    expect(calls).toEqual([5, 4, 3, 2]);
    // i=4 j=0: e b c d a; i=3 j=1: e d c b a; i=2 j=2: same; i=1 j=1 (3 % 2): same.
    expect(out).toEqual(['e', 'd', 'c', 'b', 'a']);
  });

  it('does not mutate its input and keeps every item', () => {
    const input = fullDeck();
    let x = 1;
    const out = shuffle(input, (n) => (x = (x * 48271) % 2147483647) % n);
    expect(input).toEqual(fullDeck());
    expect([...out].sort((a, b) => a - b)).toEqual(fullDeck());
    expect(out).not.toEqual(input);
  });

  it('rejects a source that answers out of range', () => {
    expect(() => shuffle([1, 2, 3], (n) => n)).toThrow(RangeError);
    expect(() => shuffle([1, 2, 3], () => -1)).toThrow(RangeError);
    expect(() => shuffle([1, 2, 3], () => 0.5)).toThrow(RangeError);
  });

  it('handles empty and single-item lists without calling the source', () => {
    const never = (): number => {
      throw new Error('called');
    };
    expect(shuffle([], never)).toEqual([]);
    expect(shuffle(['x'], never)).toEqual(['x']);
  });
});

describe('provably fair deck', () => {
  it('is deterministic and a permutation of the 52 cards', () => {
    const deck = deckFromSeed(SEED);
    expect(deckFromSeed(SEED)).toEqual(deck);
    expect([...deck].sort((a, b) => a - b)).toEqual(fullDeck());
    expect(deckFromSeed(SEED.toUpperCase())).toEqual(deck);
  });

  it('follows the documented algorithm exactly', () => {
    for (const seed of [SEED, 'ff'.repeat(32), 'deadbeef'.repeat(4), '01'.repeat(40)]) expect(deckFromSeed(seed)).toEqual(referenceDeck(seed));
  });

  it('gives different decks for different seeds', () => {
    const other = SEED.slice(0, -1) + '0';
    expect(deckFromSeed(other)).not.toEqual(deckFromSeed(SEED));
  });

  it('commits with SHA-256 of the seed bytes and verifies', () => {
    const commitment = seedCommitment(SEED);
    expect(commitment).toBe(createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex'));
    const deck = deckFromSeed(SEED);
    expect(verifyDeck(SEED, commitment)).toBe(true);
    expect(verifyDeck(SEED, commitment.toUpperCase(), deck)).toBe(true);
    const swapped = [...deck];
    [swapped[0], swapped[1]] = [swapped[1], swapped[0]];
    expect(verifyDeck(SEED, commitment, swapped)).toBe(false);
    expect(verifyDeck(SEED, commitment, deck.slice(0, 51))).toBe(false);
    expect(verifyDeck(SEED, seedCommitment('ff'.repeat(32)), deck)).toBe(false);
    expect(verifyDeck('not hex', commitment)).toBe(false);
  });

  it('refuses short or malformed seeds', () => {
    expect(() => deckFromSeed('00'.repeat(15))).toThrow(RangeError);
    expect(() => deckFromSeed('xyz')).toThrow(RangeError);
    expect(() => seedCommitment('')).toThrow(RangeError);
  });

  it('seed stream stays in range and rejects bad ranges', () => {
    const next = seedRandomInt(new Uint8Array(32));
    for (const n of [1, 2, 3, 52, 1000, 2 ** 31 + 1, 2 ** 32]) {
      const v = next(n);
      expect(Number.isInteger(v) && v >= 0 && v < n).toBe(true);
    }
    expect(() => next(0)).toThrow(RangeError);
    expect(() => next(2 ** 32 + 1)).toThrow(RangeError);
  });

  it('places a card roughly uniformly over positions across many seeds', () => {
    // 5200 fixed seeds: the position of the ace of spades should hit each of the 52 positions
    // about 100 times. Deterministic (fixed seeds), with a loose bound: chi-square with 51
    // degrees of freedom has mean 51; 120 is far in its tail, while an off-by-one Fisher-Yates
    // (j < i, Sattolo) never leaves the ace in place and a missing swap breaks the spread.
    const counts = new Array<number>(52).fill(0);
    const firstCard = new Array<number>(52).fill(0);
    const N = 5200;
    for (let i = 0; i < N; i++) {
      const seed = i.toString(16).padStart(8, '0').repeat(4);
      const deck = deckFromSeed(seed);
      counts[deck.indexOf(51)]++;
      firstCard[deck[0]]++;
    }
    const chi = (xs: number[]): number => xs.reduce((sum, c) => sum + (c - N / 52) ** 2 / (N / 52), 0);
    expect(chi(counts)).toBeLessThan(120);
    expect(chi(firstCard)).toBeLessThan(120);
    expect(Math.min(...counts)).toBeGreaterThan(50);
  });
});
