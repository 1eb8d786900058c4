// Fair shuffling: Fisher-Yates over an injected source, seeded decks, and the commitments and
// openings that prove dealt cards without disclosing any other (README.md).
export { shuffle, type RandomInt } from './shuffle';
export { sha256, sha256Hex, bytesToHex, hexToBytes, utf8Bytes } from './sha256';
export { deckFromSeed, seedCommitment, verifyDeck, seedRandomInt } from './deck';
export {
  combineEntropy,
  commitDeck,
  openCard,
  verifyOpening,
  auditDeal,
  cardSalt,
  leafHash,
  nodeHash,
  DECK_POSITIONS,
  type EntropyContribution,
  type CardOpening,
  type DeckCommitment,
  type DealAudit,
} from './commit';
