// The openings a finished hand gives out: everyone those of the board and the shown cards, each
// human player those of their own hole cards; the seed only when every dealt card was shown.
import { openCard, type CardOpening } from '../fair';
import type { HandRun } from './hand';

export function fairEnd(
  run: HandRun,
  isHuman: (player: number) => boolean,
): { cardsRoot: string; openings: CardOpening[]; mine: Map<number, CardOpening[]>; seedPublic: boolean } {
  const s = run.state;
  const mine = new Map<number, CardOpening[]>();
  if (!run.fair) return { cardsRoot: '', openings: [], mine, seedPublic: false };
  const commitment = run.fair.commitment;
  const positionOf = (card: number) => run.deck.indexOf(card);
  const shown = new Set<number>(s.board.map(positionOf));
  // Run it twice: the second board is as public as the first.
  for (const b of s.extraBoards) for (const c of b) shown.add(positionOf(c));
  s.hole.forEach((cards, i) => {
    if (s.shown[i]) for (const c of cards) shown.add(positionOf(c));
  });
  shown.delete(-1);
  let seedPublic = s.deckPos > 0;
  for (let p = 0; p < s.deckPos; p++) if (!shown.has(p)) seedPublic = false;
  const openings = [...shown].sort((a, b) => a - b).map((p) => openCard(commitment, p));
  s.hole.forEach((cards, i) => {
    if (!isHuman(i)) return;
    mine.set(
      run.userIds[i],
      cards
        .map(positionOf)
        .filter((p) => p >= 0)
        .sort((a, b) => a - b)
        .map((p) => openCard(commitment, p)),
    );
  });
  return { cardsRoot: commitment.root, openings, mine, seedPublic };
}
