// Words and small rules shared by the lobby's tournament list and the tournament page.
import type { TFunction } from 'i18next';
import type { TournamentSummary } from '../api';

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

/** A registration is possible: registering and not full. */
export const isFull = (s: Pick<TournamentSummary, 'entrants' | 'maxEntrants'>) => s.entrants >= s.maxEntrants;

/** What a registration takes from the wallet (and an unregistration gives back). */
export const totalCost = (s: Pick<TournamentSummary, 'buyIn' | 'fee'>) => s.buyIn + s.fee;
