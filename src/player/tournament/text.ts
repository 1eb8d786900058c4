// Words and small rules shared by the lobby's tournament list and the tournament page.
import type { TFunction } from 'i18next';
import type { TournamentDetail, TournamentSummary } from '../api';

export type ChipColor = 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

export const STATUS_COLOR: Record<TournamentSummary['status'], ChipColor> = {
  registering: 'success',
  running: 'info',
  finished: 'default',
  cancelled: 'error',
};

/** "Starts 22 Nov 2026, 14:05", or for a sit & go "Starts when 9 players". */
export function startText(t: TFunction, s: TournamentSummary, dateTime: (d: string | null) => string): string {
  if (s.status === 'running' && s.startedAt) return t('tournament.startedAt', { date: dateTime(s.startedAt) });
  if (s.status === 'finished' && s.finishedAt) return t('tournament.finishedAt', { date: dateTime(s.finishedAt) });
  if (s.kind === 'sng' || !s.startsAt) return t('tournament.startsWhen', { n: s.maxEntrants });
  return t('tournament.startsAt', { date: dateTime(s.startsAt) });
}

/** No seat left: before the start every entry counts, while running only those still in. */
export const isFull = (s: Pick<TournamentSummary, 'entrants' | 'maxEntrants' | 'status' | 'playersLeft'>) =>
  (s.status === 'running' ? s.playersLeft : s.entrants) >= s.maxEntrants;

/**
 * What the caller may do now: register (before the start, or late), re-enter (knocked out while
 * late registration is open, re-entries left), unregister (before the start), or nothing.
 */
export function registrationAction(s: TournamentSummary): 'register' | 'reenter' | 'unregister' | null {
  if (s.status === 'registering') return s.registered ? 'unregister' : 'register';
  if (!s.lateRegOpen || s.registered) return null;
  if (s.bustedEntries === 0) return 'register';
  return s.bustedEntries <= s.reentryMax ? 'reenter' : null;
}

/** What a registration takes from the wallet (and an unregistration gives back). */
export const totalCost = (s: Pick<TournamentSummary, 'buyIn' | 'fee'>) => s.buyIn + s.fee;

/** Rebuy (at or below the starting stack, rebuys left) and add-on (once) the player may buy now. */
export function purchaseOffers(d: TournamentDetail, userId: number | null): Array<'rebuy' | 'addon'> {
  const me = userId === null ? undefined : d.entries.find((e) => e.userId === userId && e.status === 'playing');
  if (!me || d.status !== 'running') return [];
  const out: Array<'rebuy' | 'addon'> = [];
  if (d.rebuyOpen && me.rebuys < d.rebuyMax && me.chips <= d.startingStack) out.push('rebuy');
  if (d.addonOpen && d.addonChips > 0 && !me.addon) out.push('addon');
  return out;
}
