// The lobby's game filters (issue 29): the game, its betting structure and a table option, and
// the options a table row shows beside its game ("Run it twice · Straddle").
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLE_OPTIONS, bettingLimitOf, type TableOption } from '../../shared/api/game-lists';
import type { Table as PokerTable } from '../api';

import type { GameFilter } from './GameFilterSelects';

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

// Fetched as soon as the lobby's code runs, in its own small chunk: the lobby's loading screen
// (500 ms, SPEC §2) outlasts it, so the filters are there when the list first draws.
const selects = import('./GameFilterSelects');
const Selects = lazy(() => selects);

export function GameFilters(props: { value: GameFilter; onChange: (f: GameFilter) => void }) {
  return (
    <Suspense fallback={null}>
      <Selects {...props} />
    </Suspense>
  );
}
