// A settled hand as every viewer sees it (each player's own openings are added per viewer).
import { describeShown, seatOfPlayer, type FairEnd, type HandRun } from '../../poker/table';
import type { LastHandView } from '../../shared/protocol';
import type { Seat } from './types';

/** The settled hand as every viewer sees it (each player's own openings are added per viewer). */
export function lastHandView(run: HandRun, seats: ReadonlyArray<Seat | null>, fair: FairEnd): LastHandView {
  const s = run.state;
  return {
    handId: run.handId,
    handNumber: run.handNumber,
    seedHash: run.seedHash,
    cardsRoot: fair.cardsRoot,
    entropy: run.fair?.entropy.map((e) => ({ ...e })) ?? [],
    seed: fair.seedPublic ? run.seed : null,
    openings: fair.openings,
    mine: [],
    winners: s.result!.pots.flatMap((p) =>
      p.winners.map((w, k) => ({
        seat: run.seats[w],
        username: seatOfPlayer(seats, run, w)?.username ?? '',
        amount: p.shares[k],
        description: s.shown[w] ? describeShown(run, w) : null,
      })),
    ),
  };
}
