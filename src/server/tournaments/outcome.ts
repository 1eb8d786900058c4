// What a step of the director's state means for money and entries, written in the caller's
// transaction under the lease (a hand's settlement, the late-registration tick): late registration
// closing (waiting entries refunded, the house's overlay up to the guarantee), entries knocked out
// but not yet placed, and places with their prizes, the lowest place first.
import type { TournamentState } from '../../poker/tournament';
import type { Executor } from '../db/client';
import type { Ledger } from '../core/ledger';
import { award, payOverlay, refundWaiting } from './money';
import { markBusted } from './records';

export async function writeOutcome(ledger: Ledger, tx: Executor, tournamentId: number, before: TournamentState, next: TournamentState): Promise<void> {
  if (before.lateReg && !next.lateReg) {
    await refundWaiting(ledger, tx, tournamentId);
    await payOverlay(ledger, tx, tournamentId, before.lateReg.guarantee);
  }
  // Out while the field is open: their status frees them to enter again; the place comes later.
  const out = next.entries.filter((e, i) => e.status === 'busted' && e.place === null && before.entries[i]?.status !== 'busted');
  await markBusted(
    tx,
    out.map((e) => Number(e.id)),
  );
  const placed = next.entries.filter((e, i) => e.place !== null && (before.entries[i]?.place ?? null) === null).sort((a, b) => b.place! - a.place!);
  for (const e of placed) await award(ledger, tx, tournamentId, Number(e.id), e.place!, e.prize);
}
