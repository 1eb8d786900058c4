// The lobby's game filters (issue 29): the game, its betting structure and a table option, and
// the options a table row shows beside its game ("Run it twice · Straddle").
import { useTranslation } from 'react-i18next';
import { TABLE_OPTIONS, bettingLimitOf, type TableOption } from '../../shared/api/game-lists';
import type { Table as PokerTable } from '../api';

import GameFilterSelects, { type GameFilter } from './GameFilterSelects';

export type { GameFilter };

export const ALL_GAMES: GameFilter = { game: 'all', structure: 'all', option: 'all' };

const hasOption = (tb: PokerTable, o: TableOption): boolean =>
  o === 'ante' ? tb.ante > 0 : o === 'straddle' ? tb.straddle !== 'off' : o === 'runItTwice' ? tb.runItTwice : tb.bombPotEvery > 0;

export function matchesGame(tb: PokerTable, f: GameFilter): boolean {
  if (f.game !== 'all' && tb.variant !== f.game) return false;
  if (f.structure !== 'all' && bettingLimitOf(tb.variant) !== f.structure) return false;
  if (f.option !== 'all' && !hasOption(tb, f.option as TableOption)) return false;
  return true;
}

/** The table's options on, as the lobby names them. */
export function useOptionsText(): (tb: PokerTable) => string {
  const { t } = useTranslation();
  return (tb) =>
    TABLE_OPTIONS.filter((o) => hasOption(tb, o))
      .map((o) => t(`lobby.option.${o}`))
      .join(' · ');
}

// In the lobby's first chunk: the list draws with its filters. (They were a chunk of their own,
// fetched at start: one more request, as many bytes, and outside the build's count.)
export const GameFilters = GameFilterSelects;
