// Fair shuffling: Fisher-Yates over an injected source, and seed-committed provably fair decks.
export { shuffle, type RandomInt } from './shuffle';
export { sha256, sha256Hex, bytesToHex, hexToBytes, utf8Bytes } from './sha256';
export { deckFromSeed, seedCommitment, verifyDeck, seedRandomInt } from './deck';
