// One hand of the cash-table core (src/poker/table) on a rigged deck, without an actor or a database.
import { expect } from 'vitest';
import { parseCard } from '../../src/poker';
import { applyAction, isComplete, seatToAct, startHand, type HandRun, type TableRules } from '../../src/poker/table';

/** A deck dealing these hole cards (one per player per round) and then this board, with burns. */
export function riggedDeck(holes: string[], board: string): number[] {
  const cards: number[] = [];
  for (let round = 0; round < holes[0].length / 2; round++) for (const h of holes) cards.push(parseCard(h.slice(round * 2, round * 2 + 2)));
  const b = board.match(/../g)!.map(parseCard);
  const spare = [...Array(52).keys()].filter((c) => !cards.includes(c) && !b.includes(c));
  return [...cards, spare.pop()!, b[0], b[1], b[2], spare.pop()!, b[3], spare.pop()!, b[4], ...spare];
}

/**
 * Deals these hole cards (player i at seat i, 5,000 each, the last one on the button) and this
 * board, and plays the hand down: everyone calls or checks to the end. `showLosers`: the seats
 * that turned auto-muck off.
 */
export function playDown(config: TableRules, holes: string[], board: string, showLosers?: Set<number>): HandRun {
  const seats = holes.map((_, i) => i);
  const started = startHand(
    config,
    {
      handId: 1,
      handNumber: 1,
      seed: '00',
      seedHash: '00',
      deck: riggedDeck(holes, board),
      lineup: { button: seats.length - 1, order: seats, smallBlindSeat: 0, bigBlindSeat: 1, deadPosts: [] },
      seats,
      userIds: seats.map((s) => 100 + s),
      startStacks: seats.map(() => 5000),
    },
    [],
  );
  if (!started.ok) throw new Error(started.error.message);
  const run = started.run;
  run.showLosers = showLosers;
  for (let i = 0; i < 50 && !isComplete(run); i++) {
    const seatNo = seatToAct(run)!;
    const seat = { seat: seatNo, userId: run.userIds[run.seats.indexOf(seatNo)] };
    if (!applyAction(config, run, seat, { kind: 'call' }).ok) expect(applyAction(config, run, seat, { kind: 'check' }).ok).toBe(true);
  }
  expect(isComplete(run)).toBe(true);
  return run;
}
