// Commitments to the dealt cards: the deck seed mixes the server seed with player entropy, every
// position is a salted Merkle leaf, and openings prove single cards. Checked against an
// independent implementation on node:crypto, and for tampering of every field.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cardToString, parseCard } from '../../src/poker/cards';
import { auditDeal, combineEntropy, commitDeck, deckFromSeed, openCard, verifyOpening, type CardOpening } from '../../src/poker/fair/index';

const h = (...parts: Array<Buffer | Uint8Array | number[]>) => {
  const hash = createHash('sha256');
  for (const p of parts) hash.update(Buffer.from(p as Uint8Array));
  return hash.digest();
};
const SERVER = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const E1 = 'aa'.repeat(32);
const E2 = '5c'.repeat(16) + '3d'.repeat(16);

/** The README's algorithm written again with node:crypto. */
function referenceRoot(deckSeedHex: string): string {
  const seed = Buffer.from(deckSeedHex, 'hex');
  const deck = deckFromSeed(deckSeedHex);
  let level: Buffer[] = [];
  for (let p = 0; p < 64; p++) {
    if (p >= 52) {
      level.push(Buffer.alloc(32));
      continue;
    }
    const salt = h(seed, Buffer.from('salt'), [p]);
    level.push(h([0, p, deck[p]], salt));
  }
  while (level.length > 1) {
    const up: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) up.push(h([1], level[i], level[i + 1]));
    level = up;
  }
  return level[0].toString('hex');
}

describe('combineEntropy', () => {
  it('hashes "deck", the server seed and each contribution as seat byte + 32 bytes, in seat order', () => {
    const tag = Buffer.from('deck');
    expect(combineEntropy(SERVER, [])).toBe(h(tag, Buffer.from(SERVER, 'hex')).toString('hex'));
    expect(
      combineEntropy(SERVER, [
        { seat: 1, entropy: E1 },
        { seat: 4, entropy: E2 },
      ]),
    ).toBe(h(tag, Buffer.from(SERVER, 'hex'), [1], Buffer.from(E1, 'hex'), [4], Buffer.from(E2, 'hex')).toString('hex'));
    // Never the published commitment SHA-256(server seed), even with no entropy at all: that
    // would hand everyone the deck.
    expect(combineEntropy(SERVER, [])).not.toBe(h(Buffer.from(SERVER, 'hex')).toString('hex'));
    // Every contribution changes the seed, and so does the seat it came from.
    const a = combineEntropy(SERVER, [{ seat: 1, entropy: E1 }]);
    expect(a).not.toBe(combineEntropy(SERVER, []));
    expect(a).not.toBe(combineEntropy(SERVER, [{ seat: 2, entropy: E1 }]));
    expect(combineEntropy(SERVER.toUpperCase(), [{ seat: 1, entropy: E1.toUpperCase() }])).toBe(a);
  });

  it('refuses unordered or repeated seats and wrong lengths', () => {
    expect(() =>
      combineEntropy(SERVER, [
        { seat: 4, entropy: E1 },
        { seat: 1, entropy: E2 },
      ]),
    ).toThrow(RangeError);
    expect(() =>
      combineEntropy(SERVER, [
        { seat: 1, entropy: E1 },
        { seat: 1, entropy: E2 },
      ]),
    ).toThrow(RangeError);
    expect(() => combineEntropy(SERVER, [{ seat: 256, entropy: E1 }])).toThrow(RangeError);
    expect(() => combineEntropy(SERVER, [{ seat: 0, entropy: 'ab' }])).toThrow(RangeError);
    expect(() => combineEntropy(SERVER.slice(2), [])).toThrow(RangeError);
    expect(() => combineEntropy('zz'.repeat(32), [])).toThrow(RangeError);
  });
});

describe('commitDeck / openCard / verifyOpening', () => {
  const deckSeed = combineEntropy(SERVER, [
    { seat: 0, entropy: E1 },
    { seat: 3, entropy: E2 },
  ]);
  const c = commitDeck(deckSeed);

  it('builds the root of the README (64 padded leaves, 0x00 / 0x01 prefixes)', () => {
    expect(c.root).toBe(referenceRoot(deckSeed));
    expect(c.deck).toEqual(deckFromSeed(deckSeed));
    expect(commitDeck(deckSeed, deckFromSeed(deckSeed)).root).toBe(c.root);
    // Another deck or another seed (other salts) gives another root.
    const swapped = c.deck.slice();
    [swapped[0], swapped[1]] = [swapped[1], swapped[0]];
    expect(commitDeck(deckSeed, swapped).root).not.toBe(c.root);
    expect(commitDeck(combineEntropy(SERVER, []), c.deck).root).not.toBe(c.root);
  });

  it('every position opens and verifies, and the opening names the dealt card', () => {
    for (let p = 0; p < 52; p++) {
      const o = openCard(c, p);
      expect(o.position).toBe(p);
      expect(parseCard(o.card)).toBe(c.deck[p]);
      expect(o.proof).toHaveLength(6);
      expect(verifyOpening(c.root, o)).toBe(true);
      expect(verifyOpening(c.root.toUpperCase(), o)).toBe(true);
    }
    expect(() => openCard(c, 52)).toThrow(RangeError);
    expect(() => openCard(c, -1)).toThrow(RangeError);
  });

  it('any change to an opening, or another root, fails', () => {
    const o = openCard(c, 17);
    const otherCard = cardToString((c.deck[17] + 1) % 52);
    const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
    const bad: CardOpening[] = [
      { ...o, card: otherCard },
      { ...o, position: 16 },
      { ...o, position: 18 },
      { ...o, salt: flip(o.salt) },
      ...o.proof.map((_, k) => ({ ...o, proof: o.proof.map((x, j) => (j === k ? flip(x) : x)) })),
      { ...o, proof: o.proof.slice(0, 5) },
      { ...o, proof: [...o.proof].reverse() },
    ];
    for (const b of bad) expect(verifyOpening(c.root, b)).toBe(false);
    expect(verifyOpening(commitDeck(combineEntropy(SERVER, [])).root, o)).toBe(false);
    // Every other card at that position fails with the true salt and proof: the card is bound.
    for (let card = 0; card < 52; card++) if (card !== c.deck[17]) expect(verifyOpening(c.root, { ...o, card: cardToString(card) })).toBe(false);
  });

  it('never throws on garbage', () => {
    const o = openCard(c, 3);
    const junk: unknown[] = [
      null,
      undefined,
      0,
      'x',
      [],
      {},
      { ...o, position: 3.5 },
      { ...o, position: '3' },
      { ...o, card: 'Xx' },
      { ...o, card: 51 },
      { ...o, card: 'Ahh' },
      { ...o, salt: 'zz'.repeat(32) },
      { ...o, salt: null },
      { ...o, proof: 'abc' },
      { ...o, proof: [1, 2, 3, 4, 5, 6] },
      { ...o, proof: null },
      Object.create(null),
    ];
    for (const j of junk) expect(verifyOpening(c.root, j)).toBe(false);
    for (const root of [null, 1, '', 'zz'.repeat(32), c.root.slice(1)]) expect(verifyOpening(root, o)).toBe(false);
  });

  it('openings and the root do not carry the deck seed or any other salt', () => {
    const seen = new Set<string>([c.root]);
    for (let p = 0; p < 52; p++) {
      const o = openCard(c, p);
      seen.add(o.salt);
      for (const x of o.proof) seen.add(x);
    }
    expect(seen.has(deckSeed)).toBe(false);
    expect(seen.has(SERVER)).toBe(false);
    // 52 distinct salts: one position's salt says nothing of another's.
    expect(new Set(c.salts.map((s) => Buffer.from(s).toString('hex'))).size).toBe(52);
  });
});

describe('auditDeal', () => {
  const seedHash = h(Buffer.from(SERVER, 'hex')).toString('hex');
  const entropy = [
    { seat: 2, entropy: E1 },
    { seat: 5, entropy: E2 },
  ];
  const cardsRoot = commitDeck(combineEntropy(SERVER, entropy)).root;

  it('rebuilds the committed deck from the server seed and the entropy', () => {
    expect(auditDeal({ serverSeed: SERVER, seedHash, entropy, cardsRoot })).toEqual(deckFromSeed(combineEntropy(SERVER, entropy)));
  });

  it('fails on a wrong seed, a dropped or changed contribution, or another root; never throws', () => {
    expect(auditDeal({ serverSeed: 'ff'.repeat(32), seedHash, entropy, cardsRoot })).toBeNull();
    expect(auditDeal({ serverSeed: SERVER, seedHash: 'ff'.repeat(32), entropy, cardsRoot })).toBeNull();
    expect(auditDeal({ serverSeed: SERVER, seedHash, entropy: entropy.slice(1), cardsRoot })).toBeNull();
    expect(auditDeal({ serverSeed: SERVER, seedHash, entropy: [entropy[0], { seat: 5, entropy: E1 }], cardsRoot })).toBeNull();
    expect(auditDeal({ serverSeed: SERVER, seedHash, entropy, cardsRoot: 'ab'.repeat(32) })).toBeNull();
    expect(auditDeal({ serverSeed: 'nothex', seedHash, entropy, cardsRoot })).toBeNull();
    expect(auditDeal({ serverSeed: SERVER, seedHash, entropy: [entropy[1], entropy[0]], cardsRoot })).toBeNull();
  });
});
